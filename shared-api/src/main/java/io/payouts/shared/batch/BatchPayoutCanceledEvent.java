package io.payouts.shared.batch;

import io.payouts.shared.BatchScoped;
import io.payouts.shared.Mode;
import io.payouts.shared.ModeScoped;
import io.payouts.shared.PayoutScoped;
import io.payouts.shared.payout.PayoutId;
import org.axonframework.serialization.Revision;

import java.time.Instant;

/** A payout of a batch not yet released was canceled: it leaves the batch's totals, which are given after it. */
@Revision("1")
public record BatchPayoutCanceledEvent(BatchId batchId, Mode mode, PayoutId payoutId, int payoutCount,
                                       long totalAmount, long totalFees, long netAmount, Instant canceledAt)
        implements BatchEvent, ModeScoped, PayoutScoped, BatchScoped {
}
