package io.payouts.shared.batch;

import io.payouts.shared.BatchScoped;
import io.payouts.shared.Mode;
import io.payouts.shared.ModeScoped;
import org.axonframework.serialization.Revision;

import java.time.Instant;

/** A second person approved a batch that waited (ADR-0046): it is queued, for its schedule, a release or a run. */
@Revision("1")
public record BatchApprovedEvent(BatchId batchId, Mode mode, String approvedBy, Instant approvedAt)
        implements BatchEvent, ModeScoped, BatchScoped {
}
