package io.payouts.client.approvals;

import io.payouts.client.payouts.Approval;

/** A batch as a decision on it left it: queued once approved, rejected otherwise, with its approval. */
public record DecidedBatch(String id, String name, int payoutCount, long totalAmount, String status,
                           Approval approval) {
}
