package io.payouts.shared.batch;

import io.payouts.shared.Mode;

import java.time.Instant;
import java.util.Objects;

/**
 * Releases a queued batch: the wallet reserves the funds of all its payouts or of none, then they go to the rail.
 * Answers with the ids of the payouts released.
 */
public record ReleaseBatchCommand(BatchId batchId, Mode mode, ReleaseTrigger trigger, Instant releasedAt) {

    public ReleaseBatchCommand {
        Objects.requireNonNull(batchId, "batchId");
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(trigger, "trigger");
        Objects.requireNonNull(releasedAt, "releasedAt");
    }
}
