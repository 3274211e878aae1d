package io.payouts.shared.apikey;

import org.axonframework.serialization.Revision;

import java.time.Instant;

/** A key was revoked; {@code replacedBy} names its successor when it was regenerated. */
@Revision("1")
public record ApiKeyRevokedEvent(ApiKeyId keyId, String revokedBy, ApiKeyId replacedBy, Instant revokedAt)
        implements ApiKeyEvent {
}
