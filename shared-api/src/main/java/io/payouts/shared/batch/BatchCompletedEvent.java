package io.payouts.shared.batch;

import io.payouts.shared.BatchScoped;
import io.payouts.shared.Mode;
import io.payouts.shared.ModeScoped;
import org.axonframework.serialization.Revision;

import java.time.Instant;

/**
 * Every released payout of the batch ended (webhook batch.completed): {@code status} is completed when at least one
 * payout completed, failed when none did.
 */
@Revision("1")
public record BatchCompletedEvent(BatchId batchId, Mode mode, String name, BatchStatus status, int payoutCount,
                                  long totalAmount, int completedCount, int failedCount, Instant completedAt)
        implements BatchEvent, ModeScoped, BatchScoped {
}
