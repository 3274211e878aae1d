package io.payouts.bank.rail;

import io.payouts.shared.Mode;
import io.payouts.shared.driver.DriverId;

import java.util.Optional;

/** In a service that keeps no drivers' bank accounts, nobody can be paid through the bank. */
final class NoPayeeAccounts implements PayeeAccounts {

    @Override
    public Optional<Payee> payeeOf(DriverId driverId, Mode mode) {
        return Optional.empty();
    }
}
