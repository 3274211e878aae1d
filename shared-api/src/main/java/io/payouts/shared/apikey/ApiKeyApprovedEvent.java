package io.payouts.shared.apikey;

import org.axonframework.serialization.Revision;

import java.time.Instant;

/**
 * A key was approved and its value issued. Only the value's SHA-256 hash and last four characters are
 * recorded. {@code approvedBy} is a user id, or {@value #AUTOMATIC} for sandbox keys.
 */
@Revision("1")
public record ApiKeyApprovedEvent(ApiKeyId keyId, String approvedBy, String keyHash, String lastFour,
                                  Instant approvedAt) implements ApiKeyEvent {

    public static final String AUTOMATIC = "automatic";
}
