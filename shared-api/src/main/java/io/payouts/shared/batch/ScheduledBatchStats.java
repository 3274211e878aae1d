package io.payouts.shared.batch;

import java.time.Instant;
import java.util.Map;

/**
 * The scheduled batches of a mode: how many, how many in each status, the amount still waiting for its release
 * ({@code upcomingTotal}, cents) and the earliest scheduledFor of those still queued (null when none).
 */
public record ScheduledBatchStats(long total, Map<BatchStatus, Long> byStatus, long upcomingTotal,
                                  Instant nextScheduled) {

    public ScheduledBatchStats {
        byStatus = Map.copyOf(byStatus);
    }
}
