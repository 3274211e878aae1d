package io.payouts.bank.rail;

import java.time.Instant;

/**
 * Bank input, or a payment, that moved no money and waits for an admin: the bank's file, the end-to-end id it named,
 * the payout, why, and when it was found.
 */
public record RailProblem(long id, String fileName, String endToEndId, String payoutId, String reason,
                          Instant detectedAt) {
}
