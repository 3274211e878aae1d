package io.payouts.client.payouts;

import java.time.Instant;

/**
 * Where a payout or batch above the mode's approval threshold stands: status pending, approved or rejected;
 * {@code requestedByUser} the user who asked, whom the decision may not come from; {@code decidedBy} and
 * {@code decidedAt} once decided, and a rejection's {@code reason}. Null on what never waited.
 */
public record Approval(String status, long threshold, String requestedByUser, String decidedBy, Instant decidedAt,
                       String reason) {
}
