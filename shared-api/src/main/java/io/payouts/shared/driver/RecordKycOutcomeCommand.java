package io.payouts.shared.driver;

import io.payouts.shared.DriverScoped;
import io.payouts.shared.InvalidFieldException;
import io.payouts.shared.Mode;
import io.payouts.shared.ModeScoped;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

import java.time.Instant;
import java.util.Objects;

/** Records the result of a driver's identity check; a rejection says why, a verification carries no reason. */
public record RecordKycOutcomeCommand(@TargetAggregateIdentifier DriverId driverId, Mode mode, KycOutcome outcome,
                                      String reason, Instant decidedAt) implements ModeScoped, DriverScoped {

    public static final int MAX_REASON_LENGTH = 500;

    public RecordKycOutcomeCommand {
        Objects.requireNonNull(driverId, "driverId");
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(decidedAt, "decidedAt");
        if (outcome == null) {
            throw new InvalidFieldException("outcome", "is required");
        }
        if (outcome == KycOutcome.REJECTED && (reason == null || reason.isBlank())) {
            throw new InvalidFieldException("reason", "is required when the outcome is rejected");
        }
        if (outcome == KycOutcome.VERIFIED && reason != null) {
            throw new InvalidFieldException("reason", "applies only to a rejected outcome");
        }
        if (reason != null && reason.length() > MAX_REASON_LENGTH) {
            throw new InvalidFieldException("reason", "must be at most " + MAX_REASON_LENGTH + " characters");
        }
    }
}
