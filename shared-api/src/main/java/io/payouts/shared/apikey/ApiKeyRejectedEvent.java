package io.payouts.shared.apikey;

import org.axonframework.serialization.Revision;

import java.time.Instant;

/** A pending production key was refused. */
@Revision("1")
public record ApiKeyRejectedEvent(ApiKeyId keyId, String rejectedBy, String reason, Instant rejectedAt)
        implements ApiKeyEvent {
}
