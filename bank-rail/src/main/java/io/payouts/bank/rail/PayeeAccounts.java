package io.payouts.bank.rail;

import io.payouts.shared.Mode;
import io.payouts.shared.driver.DriverId;

import java.util.Optional;

/**
 * Where a driver is paid: the port through which the bank rail asks for a driver's bank account at the moment it
 * writes a payment into a file. Drivers' accounts are personal data, encrypted under the driver's key (ADR-0026); the
 * module that keeps them implements this. Empty when the driver has no account (or it was erased): the payment then
 * never reaches a file, and the payout fails saying so.
 */
public interface PayeeAccounts {

    Optional<Payee> payeeOf(DriverId driverId, Mode mode);
}
