package io.payouts.shared.batch;

import io.payouts.shared.Mode;
import io.payouts.shared.PageRequest;

/**
 * Batches of the caller's mode, newest first; a null status lists all. {@code scheduledOnly} lists the scheduled
 * payouts: the batches created with a scheduledFor.
 */
public record FindBatchesQuery(Mode mode, BatchStatus status, boolean scheduledOnly, PageRequest pageRequest) {
}
