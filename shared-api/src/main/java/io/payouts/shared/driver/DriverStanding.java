package io.payouts.shared.driver;

import io.payouts.shared.Mode;
import io.payouts.shared.payout.DriverNotPayableException;

import java.util.Objects;
import java.util.Optional;

/** What decides whether a driver may be paid: only an active, KYC-verified driver is (decisions.md, States). */
public record DriverStanding(DriverId driverId, Mode mode, DriverStatus status, KycStatus kycStatus) {

    public DriverStanding {
        Objects.requireNonNull(driverId, "driverId");
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(kycStatus, "kycStatus");
    }

    public boolean payable() {
        return status == DriverStatus.ACTIVE && kycStatus == KycStatus.VERIFIED;
    }

    /** Why this driver may not be paid; empty when it may. */
    public Optional<DriverNotPayableException> refusalToPay() {
        if (payable()) {
            return Optional.empty();
        }
        return Optional.of(new DriverNotPayableException(driverId.value(), "the driver is "
                + status.name().toLowerCase() + " with KYC " + kycStatus.name().toLowerCase()
                + "; only active, KYC-verified drivers are paid"));
    }
}
