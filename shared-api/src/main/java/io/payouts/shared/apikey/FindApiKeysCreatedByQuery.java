package io.payouts.shared.apikey;

/** Every key one user created, newest first. */
public record FindApiKeysCreatedByQuery(String userId) {
}
