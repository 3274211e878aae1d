package io.payouts.shared.apikey;

import io.payouts.shared.InvalidFieldException;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

import java.time.Instant;
import java.util.Objects;

/** An owner or admin refuses a pending production key, saying why. */
public record RejectApiKeyCommand(@TargetAggregateIdentifier ApiKeyId keyId, Actor actor, String reason,
                                  Instant rejectedAt) {

    public static final int MAX_REASON_LENGTH = 1000;

    public RejectApiKeyCommand {
        Objects.requireNonNull(keyId, "keyId");
        Objects.requireNonNull(actor, "actor");
        Objects.requireNonNull(rejectedAt, "rejectedAt");
        if (reason == null || reason.isBlank()) {
            throw new InvalidFieldException("reason", "is required");
        }
        if (reason.length() > MAX_REASON_LENGTH) {
            throw new InvalidFieldException("reason", "must be at most " + MAX_REASON_LENGTH + " characters");
        }
    }
}
