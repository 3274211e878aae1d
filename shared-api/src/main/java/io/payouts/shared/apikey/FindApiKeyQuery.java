package io.payouts.shared.apikey;

/**
 * One key, once its row has applied the event at {@code minVersion} of the key's stream (a key operation reads its
 * change back, ADR-0018); -1 for what the read model holds now.
 */
public record FindApiKeyQuery(ApiKeyId keyId, long minVersion) {
}
