package io.payouts.shared.apikey;

/** The key whose value hashes to {@code keyHash} (SHA-256, lowercase hex): how a request is authenticated. */
public record FindApiKeyByHashQuery(String keyHash) {
}
