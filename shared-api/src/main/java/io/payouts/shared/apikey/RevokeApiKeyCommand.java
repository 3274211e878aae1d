package io.payouts.shared.apikey;

import org.axonframework.modelling.command.TargetAggregateIdentifier;

import java.time.Instant;
import java.util.Objects;

/** Ends a key for good: requests with it are refused from now on. */
public record RevokeApiKeyCommand(@TargetAggregateIdentifier ApiKeyId keyId, Actor actor, Instant revokedAt) {

    public RevokeApiKeyCommand {
        Objects.requireNonNull(keyId, "keyId");
        Objects.requireNonNull(actor, "actor");
        Objects.requireNonNull(revokedAt, "revokedAt");
    }
}
