package io.payouts.client.approvals;

import java.time.Instant;

/**
 * A payout or batch ({@code kind}) waiting for a second person, with {@code why} in words; a payout names its driver
 * and whom its request named, a batch its name and payout count.
 */
public record PendingApproval(String kind, String id, long amount, long threshold, String why, String requestedByUser,
                              Instant requestedAt, String driverId, String requestedBy, String name,
                              Integer payoutCount) {
}
