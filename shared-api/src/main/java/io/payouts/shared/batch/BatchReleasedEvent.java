package io.payouts.shared.batch;

import io.payouts.shared.BatchScoped;
import io.payouts.shared.Mode;
import io.payouts.shared.ModeScoped;
import io.payouts.shared.payout.PayoutId;
import org.axonframework.serialization.Revision;

import java.time.Instant;
import java.util.List;

/**
 * The batch went to processing (webhook batch.released): the funds of the {@code payoutIds} were reserved and they
 * were handed to the rail; the {@code failedPayoutIds} failed at the release, with nothing reserved, because their
 * driver could not be paid any more (absent from events stored before). {@code trigger} tells release
 * (releasedAt), run (processedAt) or the schedule. The totals count both: every payout that left the batch at its
 * release; one canceled just before the release is left out.
 */
@Revision("1")
public record BatchReleasedEvent(BatchId batchId, Mode mode, String name, ReleaseTrigger trigger,
                                 List<PayoutId> payoutIds, int payoutCount, long totalAmount, long totalFees,
                                 long netAmount, Instant releasedAt, List<PayoutId> failedPayoutIds)
        implements BatchEvent, ModeScoped, BatchScoped {

    public BatchReleasedEvent {
        payoutIds = List.copyOf(payoutIds);
        failedPayoutIds = failedPayoutIds == null ? List.of() : List.copyOf(failedPayoutIds);
    }
}
