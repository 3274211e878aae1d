package io.payouts.shared.driver;

import io.payouts.shared.DriverScoped;
import io.payouts.shared.Mode;
import io.payouts.shared.ModeScoped;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

import java.time.Instant;
import java.util.Objects;

/** Replaces a driver's name, e-mail and phone (PUT semantics). */
public record UpdateDriverProfileCommand(@TargetAggregateIdentifier DriverId driverId, Mode mode,
                                         DriverProfile profile, Instant updatedAt) implements ModeScoped, DriverScoped {

    public UpdateDriverProfileCommand {
        Objects.requireNonNull(driverId, "driverId");
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(profile, "profile");
        Objects.requireNonNull(updatedAt, "updatedAt");
    }
}
