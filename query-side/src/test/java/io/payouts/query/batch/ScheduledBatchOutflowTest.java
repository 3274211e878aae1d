package io.payouts.query.batch;

import io.payouts.testsupport.DatabaseTest;
import io.payouts.query.QuerySideDatabase;
import io.payouts.testsupport.ReadModelDatabase;
import io.payouts.shared.Mode;
import io.payouts.shared.batch.BatchStatus;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;

import static io.payouts.query.batch.BatchFixtures.batch;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Money the mode's queued batches will take out of the wallet, by day: a scheduled batch on its day (UTC), an
 * unscheduled or overdue one today, nothing beyond the window and nothing of a batch already released.
 */
@DatabaseTest
class ScheduledBatchOutflowTest {

    private static final ReadModelDatabase DATABASE = QuerySideDatabase.migrated();
    private static final Instant CREATED_AT = Instant.parse("2025-01-10T09:00:00Z");
    private static final LocalDate TODAY = LocalDate.of(2025, 1, 15);

    private final BatchRows rows = new BatchRows(DATABASE.jdbc());
    private final ScheduledBatchOutflow outflow = new ScheduledBatchOutflow(rows);

    @BeforeEach
    void startFromNothing() {
        DATABASE.empty();
    }

    @Test
    void queuedBatchesAreDueOnTheirScheduledDayOrTodayWhenOverdueOrUnscheduled() {
        rows.upsert(List.of(
                batch(5, Mode.SANDBOX, BatchStatus.QUEUED, Instant.parse("2025-01-17T23:30:00Z"), CREATED_AT),
                batch(1, Mode.SANDBOX, BatchStatus.QUEUED, null, CREATED_AT),
                batch(2, Mode.SANDBOX, BatchStatus.QUEUED, Instant.parse("2025-01-10T09:00:00Z"), CREATED_AT),
                batch(3, Mode.SANDBOX, BatchStatus.QUEUED, Instant.parse("2025-01-17T00:00:00Z"), CREATED_AT),
                batch(7, Mode.SANDBOX, BatchStatus.QUEUED, Instant.parse("2025-01-29T00:00:00Z"), CREATED_AT),
                batch(11, Mode.SANDBOX, BatchStatus.PROCESSING, Instant.parse("2025-01-16T00:00:00Z"), CREATED_AT),
                batch(13, Mode.PRODUCTION, BatchStatus.QUEUED, Instant.parse("2025-01-16T00:00:00Z"), CREATED_AT)));

        Map<LocalDate, Long> due = outflow.dueBetween(Mode.SANDBOX, TODAY, LocalDate.of(2025, 1, 28));

        assertThat(due).containsExactly(Map.entry(TODAY, 3_000L), Map.entry(LocalDate.of(2025, 1, 17), 8_000L));
    }

    @Test
    void theLastDayOfTheWindowCounts() {
        rows.upsert(List.of(batch(7, Mode.SANDBOX, BatchStatus.QUEUED, Instant.parse("2025-01-28T23:59:59Z"),
                CREATED_AT)));

        assertThat(outflow.dueBetween(Mode.SANDBOX, TODAY, LocalDate.of(2025, 1, 28)))
                .containsExactly(Map.entry(LocalDate.of(2025, 1, 28), 7_000L));
    }

    @Test
    void aModeWithoutQueuedBatchesOwesNothing() {
        rows.upsert(List.of(batch(1, Mode.SANDBOX, BatchStatus.COMPLETED, null, CREATED_AT)));

        assertThat(outflow.dueBetween(Mode.SANDBOX, TODAY, TODAY.plusDays(30))).isEmpty();
    }
}
