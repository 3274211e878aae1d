package io.payouts.shared.batch;

import io.payouts.shared.BatchScoped;
import io.payouts.shared.Mode;
import io.payouts.shared.ModeScoped;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.PayoutStatus;
import org.axonframework.serialization.Revision;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * Released payouts of the batch ended (completed, failed, canceled) or were queued again by a retry, in the order
 * they happened: one event for the outcomes one command told, where {@link BatchPayoutOutcomeRecordedEvent} (still
 * in older streams) held one outcome each.
 */
@Revision("1")
public record BatchPayoutOutcomesRecordedEvent(BatchId batchId, Mode mode, List<Outcome> outcomes)
        implements BatchEvent, ModeScoped, BatchScoped {

    public BatchPayoutOutcomesRecordedEvent {
        Objects.requireNonNull(batchId, "batchId");
        Objects.requireNonNull(mode, "mode");
        outcomes = List.copyOf(outcomes);
    }

    /** Where one payout went, and when. */
    public record Outcome(PayoutId payoutId, PayoutStatus outcome, Instant at) {

        public Outcome {
            Objects.requireNonNull(payoutId, "payoutId");
            Objects.requireNonNull(outcome, "outcome");
            Objects.requireNonNull(at, "at");
        }
    }
}
