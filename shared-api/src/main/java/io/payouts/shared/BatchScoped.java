package io.payouts.shared;

import io.payouts.shared.batch.BatchId;

/** A message about one batch: every command and event with a {@code batchId} component implements it. */
public interface BatchScoped {

    BatchId batchId();
}
