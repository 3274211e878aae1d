package io.payouts.shared.driver;

import io.payouts.shared.DriverScoped;
import io.payouts.shared.Mode;
import io.payouts.shared.ModeScoped;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

import java.time.Instant;
import java.util.Objects;

/**
 * The sandbox's automatic KYC verification: verifies a driver whose check is still pending and does nothing to one
 * already decided by hand or deactivated, decided by the driver itself so that a rejection arriving meanwhile stands.
 */
public record VerifyPendingKycCommand(@TargetAggregateIdentifier DriverId driverId, Mode mode, Instant decidedAt)
        implements ModeScoped, DriverScoped {

    public VerifyPendingKycCommand {
        Objects.requireNonNull(driverId, "driverId");
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(decidedAt, "decidedAt");
    }
}
