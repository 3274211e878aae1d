package io.payouts.shared.batch;

import io.payouts.shared.BatchScoped;
import io.payouts.shared.Mode;
import io.payouts.shared.ModeScoped;

import java.time.Instant;
import java.util.Objects;

/** An owner or admin, not the batch's creator, approves a batch waiting for approval (ADR-0046). */
public record ApproveBatchCommand(BatchId batchId, Mode mode, String approverId, Instant approvedAt)
        implements ModeScoped, BatchScoped {

    public ApproveBatchCommand {
        Objects.requireNonNull(batchId, "batchId");
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(approverId, "approverId");
        Objects.requireNonNull(approvedAt, "approvedAt");
    }
}
