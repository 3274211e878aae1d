package io.payouts.shared.driver;

import io.payouts.shared.DriverScoped;
import io.payouts.shared.Mode;
import io.payouts.shared.ModeScoped;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

import java.time.Instant;
import java.util.Objects;

/** Deactivates a driver for good: they can no longer be paid; their history stays. */
public record DeactivateDriverCommand(@TargetAggregateIdentifier DriverId driverId, Mode mode, Instant deactivatedAt) implements ModeScoped, DriverScoped {

    public DeactivateDriverCommand {
        Objects.requireNonNull(driverId, "driverId");
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(deactivatedAt, "deactivatedAt");
    }
}
