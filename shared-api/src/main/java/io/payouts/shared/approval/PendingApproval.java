package io.payouts.shared.approval;

import java.time.Instant;

/**
 * One payout or batch waiting for a second person (ADR-0046): its amount (a batch's total) above {@code threshold},
 * who asked and when; a payout names its driver and whom its request named, a batch its name and payout count.
 */
public record PendingApproval(Kind kind, String id, long amount, long threshold, String requesterId,
                              Instant requestedAt, String driverId, String requestedBy, String name,
                              Integer payoutCount) {

    public enum Kind {
        PAYOUT,
        BATCH
    }
}
