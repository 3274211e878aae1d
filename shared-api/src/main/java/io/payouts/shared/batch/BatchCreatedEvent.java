package io.payouts.shared.batch;

import io.payouts.shared.BatchScoped;
import io.payouts.shared.Mode;
import io.payouts.shared.ModeScoped;
import io.payouts.shared.payout.Rail;
import org.axonframework.serialization.Revision;

import java.time.Instant;
import java.util.List;

/** A batch was accepted, queued; its payouts exist and wait for its release. {@code scheduledFor} may be null. */
@Revision("1")
public record BatchCreatedEvent(BatchId batchId, Mode mode, String name, Rail rail, Instant scheduledFor,
                                List<BatchPayoutLine> payouts, int payoutCount, long totalAmount, long totalFees,
                                long netAmount, Instant createdAt) implements BatchEvent, ModeScoped, BatchScoped {
}
