package io.payouts.shared.batch;

import io.payouts.shared.BatchScoped;
import io.payouts.shared.Mode;
import io.payouts.shared.ModeScoped;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.PayoutStatus;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * Tells a batch where some of its payouts went: completed, failed, canceled, or queued again by a retry, in the
 * order they happened. Sent for a processor batch of payout events at once (ADR-0024); an outcome told twice, or
 * older than the one the batch holds for that payout, changes nothing. The batch's mode routes it to the instance
 * that holds the mode's wallet and writes its batches.
 */
public record RecordBatchPayoutOutcomesCommand(@TargetAggregateIdentifier BatchId batchId, Mode mode,
                                               List<Outcome> outcomes) implements ModeScoped, BatchScoped {

    public RecordBatchPayoutOutcomesCommand {
        Objects.requireNonNull(batchId, "batchId");
        Objects.requireNonNull(mode, "mode");
        outcomes = List.copyOf(outcomes);
    }

    /** Where one payout went, and when. */
    public record Outcome(PayoutId payoutId, PayoutStatus status, Instant at) {

        public Outcome {
            Objects.requireNonNull(payoutId, "payoutId");
            Objects.requireNonNull(status, "status");
            Objects.requireNonNull(at, "at");
        }
    }
}
