package io.payouts.shared.driver;

import io.payouts.shared.Mode;

import java.util.Objects;

/**
 * A driver's bank account, masked, as of the driver's newest stored event, so a read right after a write reflects it
 * (ADR-0018). Another mode's driver, or one without an account, is not found.
 */
public record FindDriverBankAccountQuery(Mode mode, DriverId driverId) {

    public FindDriverBankAccountQuery {
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(driverId, "driverId");
    }
}
