package io.payouts.shared.batch;

import io.payouts.shared.BatchScoped;
import io.payouts.shared.Mode;
import io.payouts.shared.ModeScoped;

import java.time.Instant;
import java.util.Objects;

/**
 * Releases a queued batch: a payout whose driver can no longer be paid fails; the wallet reserves the funds of all
 * the others or of none, then they go to the rail. Answers with a {@link BatchReleaseResult}. The sandbox scenario payout_failed sent with the release
 * ({@code sandboxScenario} metadata) makes every payout released then fail on the rail, as if each had been
 * created with it.
 */
public record ReleaseBatchCommand(BatchId batchId, Mode mode, ReleaseTrigger trigger, Instant releasedAt)
        implements ModeScoped, BatchScoped {

    public ReleaseBatchCommand {
        Objects.requireNonNull(batchId, "batchId");
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(trigger, "trigger");
        Objects.requireNonNull(releasedAt, "releasedAt");
    }
}
