package io.payouts.shared.batch;

import io.payouts.shared.Mode;

/**
 * One batch of the caller's mode with its payouts, the batch as of its newest stored event: a read right after any
 * write reflects it, on any instance (ADR-0018).
 */
public record FindBatchQuery(Mode mode, BatchId batchId) {
}
