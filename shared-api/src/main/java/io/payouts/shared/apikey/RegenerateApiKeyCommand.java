package io.payouts.shared.apikey;

import org.axonframework.modelling.command.TargetAggregateIdentifier;

import java.time.Instant;
import java.util.Objects;

/**
 * Replaces a key: the old one is revoked at once and a new one with the same name, mode and scopes is created
 * in the same transaction. {@code material} is the new sandbox key's value; null for production, whose new key
 * is pending approval again.
 */
public record RegenerateApiKeyCommand(@TargetAggregateIdentifier ApiKeyId keyId, ApiKeyId newKeyId, Actor actor,
                                      KeyMaterial material, Instant regeneratedAt) {

    public RegenerateApiKeyCommand {
        Objects.requireNonNull(keyId, "keyId");
        Objects.requireNonNull(newKeyId, "newKeyId");
        Objects.requireNonNull(actor, "actor");
        Objects.requireNonNull(regeneratedAt, "regeneratedAt");
    }
}
