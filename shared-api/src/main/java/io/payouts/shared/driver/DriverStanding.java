package io.payouts.shared.driver;

import io.payouts.shared.Mode;
import io.payouts.shared.payout.DriverNotPayableException;

import java.util.Objects;
import java.util.Optional;

/**
 * What decides whether a driver may be paid: only an active, KYC-verified driver is (decisions.md, States), and,
 * where the mode's rail sends money to a bank account, only one with an account on file ({@code bankAccount}). The
 * driver's current {@code name} goes with it, for the answers that name the payee.
 */
public record DriverStanding(DriverId driverId, Mode mode, DriverStatus status, KycStatus kycStatus, String name,
                             BankAccountStanding bankAccount) {

    public DriverStanding {
        Objects.requireNonNull(driverId, "driverId");
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(kycStatus, "kycStatus");
        Objects.requireNonNull(bankAccount, "bankAccount");
    }

    /** A standing where the mode's rail needs no bank account. */
    public DriverStanding(DriverId driverId, Mode mode, DriverStatus status, KycStatus kycStatus, String name) {
        this(driverId, mode, status, kycStatus, name, BankAccountStanding.NOT_NEEDED);
    }

    public boolean payable() {
        return status == DriverStatus.ACTIVE && kycStatus == KycStatus.VERIFIED
                && bankAccount != BankAccountStanding.MISSING;
    }

    /** Why this driver may not be paid; empty when it may. */
    public Optional<DriverNotPayableException> refusalToPay() {
        if (payable()) {
            return Optional.empty();
        }
        if (status == DriverStatus.ACTIVE && kycStatus == KycStatus.VERIFIED) {
            return Optional.of(new DriverNotPayableException(driverId.value(), "the driver has no bank account, and "
                    + mode.apiName() + " pays through a rail that sends money to one; add it with PUT "
                    + "/api/v1/drivers/" + driverId.value() + "/bank-account"));
        }
        return Optional.of(new DriverNotPayableException(driverId.value(), "the driver is "
                + status.name().toLowerCase() + " with KYC " + kycStatus.name().toLowerCase()
                + "; only active, KYC-verified drivers are paid"));
    }
}
