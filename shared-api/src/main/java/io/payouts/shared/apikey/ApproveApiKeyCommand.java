package io.payouts.shared.apikey;

import org.axonframework.modelling.command.TargetAggregateIdentifier;

import java.time.Instant;
import java.util.Objects;

/** An owner or admin approves a pending production key; the key value is issued now and shown once. */
public record ApproveApiKeyCommand(@TargetAggregateIdentifier ApiKeyId keyId, Actor actor, KeyMaterial material,
                                   Instant approvedAt) {

    public ApproveApiKeyCommand {
        Objects.requireNonNull(keyId, "keyId");
        Objects.requireNonNull(actor, "actor");
        Objects.requireNonNull(material, "material");
        Objects.requireNonNull(approvedAt, "approvedAt");
    }
}
