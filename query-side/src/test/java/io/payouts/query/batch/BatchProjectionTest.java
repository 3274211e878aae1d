package io.payouts.query.batch;

import io.payouts.query.consistency.ProjectionProgress;
import io.payouts.shared.Mode;
import io.payouts.shared.batch.BatchCompletedEvent;
import io.payouts.shared.batch.BatchCreatedEvent;
import io.payouts.shared.batch.BatchId;
import io.payouts.shared.batch.BatchPayoutCanceledEvent;
import io.payouts.shared.batch.BatchPayoutLine;
import io.payouts.shared.batch.BatchReleasedEvent;
import io.payouts.shared.batch.BatchStatus;
import io.payouts.shared.batch.BatchSummary;
import io.payouts.shared.batch.ReleaseTrigger;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.Rail;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.LocalDate;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyInt;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.Mockito.doAnswer;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

/** batch_view follows the batch's stream, once per event (ADR-0005, ADR-0013), and feeds the funding projection. */
class BatchProjectionTest {

    private static final BatchId BATCH = new BatchId("batch_" + "0".repeat(31) + "1");
    private static final DriverId DRIVER = new DriverId("drv_" + "0".repeat(31) + "1");
    private static final PayoutId FIRST = new PayoutId(String.format("pay_%032x", 1));
    private static final PayoutId SECOND = new PayoutId(String.format("pay_%032x", 2));
    private static final Instant CREATED_AT = Instant.parse("2025-01-15T09:00:00Z");
    private static final Instant SCHEDULED_FOR = Instant.parse("2025-01-17T23:30:00Z");
    private static final Instant CANCELED_AT = Instant.parse("2025-01-15T10:00:00Z");
    private static final Instant RELEASED_AT = Instant.parse("2025-01-17T23:30:01Z");
    private static final Instant COMPLETED_AT = Instant.parse("2025-01-17T23:31:00Z");

    private final Map<String, BatchView> rows = new HashMap<>();
    private BatchViewRepository batches;
    private BatchProjection projection;

    @BeforeEach
    void setUp() {
        batches = mock(BatchViewRepository.class);
        when(batches.findById(anyString()))
                .thenAnswer(call -> Optional.ofNullable(rows.get(call.<String>getArgument(0))));
        when(batches.save(any(BatchView.class))).thenAnswer(call -> {
            BatchView row = call.getArgument(0);
            rows.put(row.id(), row);
            return row;
        });
        doAnswer(call -> {
            rows.putIfAbsent(call.getArgument(0), new BatchView(call.getArgument(0), Mode.valueOf(call.getArgument(1)),
                    call.getArgument(2), Rail.valueOf(call.getArgument(3)), call.<Integer>getArgument(4),
                    call.<Long>getArgument(5), call.<Long>getArgument(6), call.<Long>getArgument(7),
                    call.getArgument(8), call.getArgument(9), call.<Long>getArgument(10)));
            return null;
        }).when(batches).insertIfAbsent(anyString(), anyString(), anyString(), anyString(), anyInt(), anyLong(),
                anyLong(), anyLong(), any(), any(), anyLong());
        projection = new BatchProjection(batches, new ProjectionProgress());
    }

    @Test
    void aNewBatchIsQueuedWithItsTotals() {
        projection.on(created(), 0);

        assertThat(summary()).isEqualTo(new BatchSummary(BATCH, "Weekly", Rail.STANDARD, BatchStatus.QUEUED, 2,
                5_000, 0, 5_000, SCHEDULED_FOR, CREATED_AT, null, null, null));
    }

    @Test
    void aCancelBeforeTheReleaseRecountsAndARedeliveryChangesNothing() {
        projection.on(created(), 0);
        BatchPayoutCanceledEvent canceled = new BatchPayoutCanceledEvent(BATCH, Mode.SANDBOX, SECOND, 1, 4_000, 0,
                4_000, CANCELED_AT);

        projection.on(canceled, 1);
        projection.on(new BatchPayoutCanceledEvent(BATCH, Mode.SANDBOX, FIRST, 0, 0, 0, 0, CANCELED_AT), 1);

        assertThat(summary().payoutCount()).isEqualTo(1);
        assertThat(summary().totalAmount()).isEqualTo(4_000);
    }

    @Test
    void aRunSetsProcessedAtAndAReleaseReleasedAt() {
        projection.on(created(), 0);
        projection.on(released(ReleaseTrigger.RUN), 1);

        assertThat(summary().status()).isEqualTo(BatchStatus.PROCESSING);
        assertThat(summary().processedAt()).isEqualTo(RELEASED_AT);
        assertThat(summary().releasedAt()).isNull();

        rows.clear();
        projection.on(created(), 0);
        projection.on(released(ReleaseTrigger.SCHEDULE), 1);
        assertThat(summary().releasedAt()).isEqualTo(RELEASED_AT);
        assertThat(summary().processedAt()).isNull();
    }

    @Test
    void theBatchEndsWithItsOutcome() {
        projection.on(created(), 0);
        projection.on(released(ReleaseTrigger.RELEASE), 1);
        projection.on(new BatchCompletedEvent(BATCH, Mode.SANDBOX, "Weekly", BatchStatus.FAILED, 2, 5_000, 0, 2,
                COMPLETED_AT), 4);

        assertThat(summary().status()).isEqualTo(BatchStatus.FAILED);
        assertThat(summary().completedAt()).isEqualTo(COMPLETED_AT);
    }

    @Test
    void queuedBatchesAreDueOnTheirScheduledDayOrTodayWhenLateOrUnscheduled() {
        projection.on(created(), 0);
        BatchView unscheduled = new BatchView("batch_" + "0".repeat(31) + "2", Mode.SANDBOX, "Now", Rail.STANDARD, 1,
                300, 0, 300, null, CREATED_AT, 0);
        BatchView late = new BatchView("batch_" + "0".repeat(31) + "3", Mode.SANDBOX, "Late", Rail.STANDARD, 1,
                200, 0, 200, Instant.parse("2025-01-10T09:00:00Z"), CREATED_AT, 0);
        BatchView beyond = new BatchView("batch_" + "0".repeat(31) + "4", Mode.SANDBOX, "Later", Rail.STANDARD, 1,
                700, 0, 700, Instant.parse("2025-03-01T09:00:00Z"), CREATED_AT, 0);
        when(batches.findByModeAndStatus(Mode.SANDBOX, BatchStatus.QUEUED))
                .thenReturn(List.of(rows.get(BATCH.value()), unscheduled, late, beyond));
        LocalDate today = LocalDate.of(2025, 1, 15);

        Map<LocalDate, Long> due = new ScheduledBatchOutflow(batches).dueBetween(Mode.SANDBOX, today,
                LocalDate.of(2025, 1, 28));

        assertThat(due).containsExactly(Map.entry(today, 500L), Map.entry(LocalDate.of(2025, 1, 17), 5_000L));
    }

    private BatchSummary summary() {
        return rows.get(BATCH.value()).toSummary();
    }

    private static BatchCreatedEvent created() {
        return new BatchCreatedEvent(BATCH, Mode.SANDBOX, "Weekly", Rail.STANDARD, SCHEDULED_FOR,
                List.of(new BatchPayoutLine(FIRST, DRIVER, 4_000, 0), new BatchPayoutLine(SECOND, DRIVER, 1_000, 0)),
                2, 5_000, 0, 5_000, CREATED_AT);
    }

    private static BatchReleasedEvent released(ReleaseTrigger trigger) {
        return new BatchReleasedEvent(BATCH, Mode.SANDBOX, "Weekly", trigger, List.of(FIRST, SECOND), 2, 5_000, 0,
                5_000, RELEASED_AT, List.of());
    }
}
