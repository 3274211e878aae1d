package io.payouts.shared.batch;

import io.payouts.shared.Mode;
import io.payouts.shared.payout.PayoutId;
import org.axonframework.serialization.Revision;

import java.time.Instant;
import java.util.List;

/**
 * The batch went to processing: the funds of all these payouts were reserved and they were handed to the rail
 * (webhook batch.released). {@code trigger} tells release (releasedAt), run (processedAt) or the schedule. The
 * totals count the payouts released: one canceled just before the release is left out.
 */
@Revision("1")
public record BatchReleasedEvent(BatchId batchId, Mode mode, String name, ReleaseTrigger trigger,
                                 List<PayoutId> payoutIds, int payoutCount, long totalAmount, long totalFees,
                                 long netAmount, Instant releasedAt) {

    public BatchReleasedEvent {
        payoutIds = List.copyOf(payoutIds);
    }
}
