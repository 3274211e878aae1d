package io.payouts.shared.batch;

import io.payouts.shared.BatchScoped;
import io.payouts.shared.Mode;
import io.payouts.shared.ModeScoped;
import org.axonframework.serialization.Revision;

import java.time.Instant;

/** A second person rejected a batch that waited (ADR-0046): it ends rejected, and so does each payout it still held. */
@Revision("1")
public record BatchRejectedEvent(BatchId batchId, Mode mode, String rejectedBy, String reason, Instant rejectedAt)
        implements BatchEvent, ModeScoped, BatchScoped {
}
