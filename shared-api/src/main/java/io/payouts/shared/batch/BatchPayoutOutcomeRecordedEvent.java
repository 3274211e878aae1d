package io.payouts.shared.batch;

import io.payouts.shared.BatchScoped;
import io.payouts.shared.Mode;
import io.payouts.shared.ModeScoped;
import io.payouts.shared.PayoutScoped;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.PayoutStatus;
import org.axonframework.serialization.Revision;

import java.time.Instant;

/**
 * A released payout of the batch ended (completed, failed, canceled) or was queued again by a retry. Batches record
 * their outcomes with {@link BatchPayoutOutcomesRecordedEvent} now; streams stored before hold this one.
 */
@Revision("1")
public record BatchPayoutOutcomeRecordedEvent(BatchId batchId, Mode mode, PayoutId payoutId, PayoutStatus outcome,
                                              Instant at) implements BatchEvent, ModeScoped, PayoutScoped, BatchScoped {
}
