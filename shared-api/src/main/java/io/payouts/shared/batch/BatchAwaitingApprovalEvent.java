package io.payouts.shared.batch;

import io.payouts.shared.BatchScoped;
import io.payouts.shared.Mode;
import io.payouts.shared.ModeScoped;
import org.axonframework.serialization.Revision;

import java.time.Instant;

/**
 * A new batch's total is above the mode's approval threshold (ADR-0046): it waits for a second person, and neither its
 * schedule, a release nor a run moves it until then. {@code requesterId} is the user who created it.
 */
@Revision("1")
public record BatchAwaitingApprovalEvent(BatchId batchId, Mode mode, long totalAmount, long threshold,
                                         String requesterId, Instant at)
        implements BatchEvent, ModeScoped, BatchScoped {
}
