package io.payouts.client.funding;

import java.time.Instant;

/** A requested top-up: pending until it settles (at once in the sandbox); balance is the available balance. */
public record TopUp(String transactionId, long amount, long balance, String status, Instant createdAt) {
}
