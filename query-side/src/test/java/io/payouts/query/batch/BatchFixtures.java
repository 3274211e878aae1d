package io.payouts.query.batch;

import io.payouts.shared.Mode;
import io.payouts.shared.batch.BatchEvent;
import io.payouts.shared.batch.BatchStatus;
import io.payouts.shared.payout.Rail;
import org.springframework.jdbc.core.JdbcTemplate;

import java.time.Instant;
import java.util.List;

/** The batch read model's components, and batches projected into it, for SQL-level tests of other packages. */
public final class BatchFixtures {

    private BatchFixtures() {
    }

    public static ScheduledBatchOutflow scheduledBatchOutflow(JdbcTemplate jdbc) {
        return new ScheduledBatchOutflow(new BatchRows(jdbc));
    }

    /** The batch projection has applied this event of the batch's stream, at {@code sequence}. */
    public static void projected(JdbcTemplate jdbc, String batchId, long sequence, Object event) {
        new BatchProjection(new BatchRows(jdbc)).on((BatchEvent) event, sequence);
    }

    static String id(int n) {
        return String.format("batch_%032x", n);
    }

    /** A batch of one payout of {@code n} thousand cents, without fee, written as of its first event. */
    static BatchRow batch(int n, Mode mode, BatchStatus status, Instant scheduledFor, Instant createdAt) {
        return new BatchRow(id(n), mode, "Batch " + n, Rail.STANDARD, status, 1, 1_000L * n, 0, 1_000L * n,
                scheduledFor, createdAt, null, null, null, null, 0, null);
    }
}
