package io.payouts.query.batch;

import io.payouts.testsupport.DatabaseTest;
import io.payouts.query.QuerySideDatabase;
import io.payouts.testsupport.ReadModelDatabase;
import io.payouts.shared.Mode;
import io.payouts.shared.batch.BatchCompletedEvent;
import io.payouts.shared.batch.BatchCreatedEvent;
import io.payouts.shared.batch.BatchId;
import io.payouts.shared.batch.BatchPayoutCanceledEvent;
import io.payouts.shared.batch.BatchPayoutLine;
import io.payouts.shared.batch.BatchPayoutOutcomeRecordedEvent;
import io.payouts.shared.batch.BatchReleasedEvent;
import io.payouts.shared.batch.BatchStatus;
import io.payouts.shared.batch.ReleaseTrigger;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.eventhandling.BatchedEventHandler.Collected;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.PayoutStatus;
import io.payouts.shared.payout.Rail;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static io.payouts.testsupport.ProcessorBatches.inOneBatch;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The batch projection on PostgreSQL: a batch of events at a time, never moved back by a redelivered event. */
@DatabaseTest
class BatchProjectionTest {

    private static final ReadModelDatabase DATABASE = QuerySideDatabase.migrated();
    private static final BatchId BATCH = new BatchId("batch_" + "0".repeat(31) + "1");
    private static final BatchId OTHER_BATCH = new BatchId("batch_" + "0".repeat(31) + "2");
    private static final DriverId DRIVER = new DriverId("drv_" + "0".repeat(31) + "1");
    private static final PayoutId FIRST = new PayoutId(String.format("pay_%032x", 1));
    private static final PayoutId SECOND = new PayoutId(String.format("pay_%032x", 2));
    private static final Instant CREATED_AT = Instant.parse("2025-01-15T09:00:00Z");
    private static final Instant SCHEDULED_FOR = Instant.parse("2025-01-17T23:30:00Z");
    private static final Instant RELEASED_AT = Instant.parse("2025-01-17T23:30:01Z");
    private static final Instant COMPLETED_AT = Instant.parse("2025-01-17T23:31:00Z");

    private final BatchRows rows = new BatchRows(DATABASE.jdbc());
    private final BatchProjection projection = new BatchProjection(rows);

    @BeforeEach
    void startFromNothing() {
        DATABASE.empty();
    }

    @Test
    void withoutAUnitOfWorkEachHandledEventIsWrittenAtOnce() {
        projection.on(created(BATCH), 0);
        assertThat(row(BATCH)).isEqualTo(new BatchRow(BATCH.value(), Mode.SANDBOX, "Weekly", Rail.STANDARD,
                BatchStatus.QUEUED, 2, 5_000, 50, 4_950, SCHEDULED_FOR, CREATED_AT, null, null, null, null, 0, null));
        projection.on(new BatchPayoutCanceledEvent(BATCH, Mode.SANDBOX, SECOND, 1, 4_000, 40, 3_960, CREATED_AT), 1);
        assertThat(row(BATCH).payoutCount()).isEqualTo(1);
        projection.on(released(BATCH), 2);
        assertThat(row(BATCH).status()).isEqualTo(BatchStatus.PROCESSING);
        projection.on(new BatchPayoutOutcomeRecordedEvent(BATCH, Mode.SANDBOX, FIRST, PayoutStatus.COMPLETED,
                COMPLETED_AT), 3);
        assertThat(row(BATCH).version()).isEqualTo(3);

        projection.on(completed(BATCH), 4);

        assertThat(row(BATCH)).isEqualTo(new BatchRow(BATCH.value(), Mode.SANDBOX, "Weekly", Rail.STANDARD,
                BatchStatus.COMPLETED, 1, 4_000, 40, 3_960, SCHEDULED_FOR, CREATED_AT, RELEASED_AT, null,
                COMPLETED_AT, null, 4, null));
        assertThat(rows.find(BATCH.value(), Mode.SANDBOX).orElseThrow().row().payoutIds())
                .as("the order of the batch's request, written with its creation and kept")
                .containsExactly(FIRST, SECOND);
    }

    @Test
    void aBatchOfEventsFoldsEachBatchsStream() {
        inOneBatch(projection::on, List.of(new Collected(BATCH.value(), created(BATCH), 0),
                new Collected(OTHER_BATCH.value(), created(OTHER_BATCH), 0),
                new Collected(BATCH.value(), released(BATCH), 1),
                new Collected(BATCH.value(), completed(BATCH), 2)));

        assertThat(row(BATCH).status()).isEqualTo(BatchStatus.COMPLETED);
        assertThat(row(OTHER_BATCH).status()).isEqualTo(BatchStatus.QUEUED);
    }

    @Test
    void aRedeliveredEventLeavesTheRowAsItIs() {
        inOneBatch(projection::on, List.of(new Collected(BATCH.value(), created(BATCH), 0),
                new Collected(BATCH.value(), new BatchPayoutCanceledEvent(BATCH, Mode.SANDBOX, SECOND, 1, 4_000, 40,
                        3_960, CREATED_AT), 1)));
        BatchRow before = row(BATCH);

        projection.on(created(BATCH), 0);
        projection.on(new BatchPayoutCanceledEvent(BATCH, Mode.SANDBOX, FIRST, 0, 0, 0, 0, CREATED_AT), 1);

        assertThat(row(BATCH)).isEqualTo(before);
    }

    @Test
    void anOlderVersionNeverOverwritesTheStoredRow() {
        inOneBatch(projection::on, List.of(new Collected(BATCH.value(), created(BATCH), 0),
                new Collected(BATCH.value(), released(BATCH), 1)));
        BatchRow stored = row(BATCH);

        rows.upsert(List.of(BatchRow.created(created(BATCH), 0)));

        assertThat(row(BATCH)).isEqualTo(stored);
    }

    @Test
    void aBatchChangedBeforeItWasCreatedFailsTheBatchAndWritesNothing() {
        assertThatThrownBy(() -> inOneBatch(projection::on, List.of(new Collected(BATCH.value(), created(BATCH), 0),
                new Collected(OTHER_BATCH.value(), released(OTHER_BATCH), 1))))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining(OTHER_BATCH.value());

        assertThat(rows.byIds(List.of(BATCH.value(), OTHER_BATCH.value()))).isEmpty();
    }

    @Test
    void aResetEmptiesTheTable() {
        inOneBatch(projection::on, List.of(new Collected(BATCH.value(), created(BATCH), 0),
                new Collected(OTHER_BATCH.value(), created(OTHER_BATCH), 0)));

        projection.onReset();

        assertThat(rows.byIds(List.of(BATCH.value(), OTHER_BATCH.value()))).isEmpty();
    }

    private BatchRow row(BatchId batch) {
        return rows.byIds(List.of(batch.value())).get(batch.value());
    }

    private static BatchCreatedEvent created(BatchId batch) {
        return new BatchCreatedEvent(batch, Mode.SANDBOX, "Weekly", Rail.STANDARD, SCHEDULED_FOR,
                List.of(new BatchPayoutLine(FIRST, DRIVER, 4_000, 40), new BatchPayoutLine(SECOND, DRIVER, 1_000, 10)),
                2, 5_000, 50, 4_950, CREATED_AT);
    }

    private static BatchReleasedEvent released(BatchId batch) {
        return new BatchReleasedEvent(batch, Mode.SANDBOX, "Weekly", ReleaseTrigger.SCHEDULE, List.of(FIRST), 1,
                4_000, 40, 3_960, RELEASED_AT, List.of());
    }

    private static BatchCompletedEvent completed(BatchId batch) {
        return new BatchCompletedEvent(batch, Mode.SANDBOX, "Weekly", BatchStatus.COMPLETED, 1, 4_000, 1, 0,
                COMPLETED_AT);
    }
}
