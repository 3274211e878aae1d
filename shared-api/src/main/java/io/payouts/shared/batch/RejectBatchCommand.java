package io.payouts.shared.batch;

import io.payouts.shared.BatchScoped;
import io.payouts.shared.Mode;
import io.payouts.shared.ModeScoped;

import java.time.Instant;
import java.util.Objects;

/**
 * An owner or admin, not the batch's creator, rejects a batch waiting for approval, with a reason (ADR-0046); the
 * reason's rule is checked once the batch is known to be the caller's ({@code ApprovalDecisions}).
 */
public record RejectBatchCommand(BatchId batchId, Mode mode, String rejecterId, String reason, Instant rejectedAt)
        implements ModeScoped, BatchScoped {

    public RejectBatchCommand {
        Objects.requireNonNull(batchId, "batchId");
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(rejecterId, "rejecterId");
        Objects.requireNonNull(rejectedAt, "rejectedAt");
    }
}
