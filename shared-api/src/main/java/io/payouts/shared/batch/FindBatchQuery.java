package io.payouts.shared.batch;

import io.payouts.shared.Mode;

/** One batch of the caller's mode with its payouts; {@code minVersion} as in read-your-writes (ADR-0005). */
public record FindBatchQuery(Mode mode, BatchId batchId, long minVersion) {
}
