package io.payouts.client.funding;

import java.time.Instant;

/**
 * A top-up as the list shows it: pending until the money arrives, then settled; {@code reference} is what its bank
 * transfer quotes.
 */
public record ListedTopUp(String transactionId, long amount, String status, String description, String method,
                          String reference, Instant createdAt, Instant settledAt) {
}
