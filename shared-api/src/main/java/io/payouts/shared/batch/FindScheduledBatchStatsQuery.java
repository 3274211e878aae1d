package io.payouts.shared.batch;

import io.payouts.shared.Mode;

/** The summary of the caller's scheduled batches. */
public record FindScheduledBatchStatsQuery(Mode mode) {
}
