package io.payouts.service.batch;

import io.swagger.v3.oas.annotations.media.Schema;

import java.util.List;

/** The request body of POST /batches. Every field is checked by {@link BatchRequests}, item by item. */
final class BatchBodies {

    private BatchBodies() {
    }

    /** {@code urgency}: standard (default) or instant, for every payout; {@code scheduledFor}: ISO 8601, optional. */
    record NewBatch(@Schema(requiredMode = Schema.RequiredMode.REQUIRED) String name, String urgency, @Schema(requiredMode = Schema.RequiredMode.REQUIRED) List<Item> payouts,
                    String scheduledFor) {
    }

    @Schema(name = "NewBatchPayout", description = "one payout of a new batch (another Item is a bulk result's)")
    record Item(@Schema(requiredMode = Schema.RequiredMode.REQUIRED) Long amount, @Schema(requiredMode = Schema.RequiredMode.REQUIRED) String driverId, String loadId,
                String description) {
    }
}
