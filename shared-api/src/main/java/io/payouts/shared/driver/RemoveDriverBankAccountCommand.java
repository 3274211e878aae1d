package io.payouts.shared.driver;

import io.payouts.shared.DriverScoped;
import io.payouts.shared.Mode;
import io.payouts.shared.ModeScoped;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

import java.time.Instant;
import java.util.Objects;

/** Takes a driver's bank account off file; a driver without one has nothing to remove. */
public record RemoveDriverBankAccountCommand(@TargetAggregateIdentifier DriverId driverId, Mode mode,
                                             Instant removedAt) implements ModeScoped, DriverScoped {

    public RemoveDriverBankAccountCommand {
        Objects.requireNonNull(driverId, "driverId");
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(removedAt, "removedAt");
    }
}
