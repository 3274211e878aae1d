package io.payouts.shared.apikey;

/** One key; {@code minVersion} as in read-your-writes (ADR-0005), -1 for what the read model holds now. */
public record FindApiKeyQuery(ApiKeyId keyId, long minVersion) {

    public static FindApiKeyQuery current(ApiKeyId keyId) {
        return new FindApiKeyQuery(keyId, -1);
    }
}
