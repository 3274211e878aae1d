package io.payouts.shared.batch;

import io.payouts.shared.approval.Approval;
import io.payouts.shared.payout.Rail;

import java.time.Instant;

/**
 * A batch as the read model holds it; amounts in cents. Timestamps are null until the batch gets there;
 * {@code approval} is null unless its total was above the approval threshold (ADR-0046).
 */
public record BatchSummary(BatchId id, String name, Rail rail, BatchStatus status, int payoutCount, long totalAmount,
                           long totalFees, long netAmount, Instant scheduledFor, Instant createdAt,
                           Instant releasedAt, Instant processedAt, Instant completedAt, Approval approval) {
}
