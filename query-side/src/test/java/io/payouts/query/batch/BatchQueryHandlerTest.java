package io.payouts.query.batch;

import io.payouts.query.consistency.ConsistencyFixtures;
import io.payouts.query.consistency.DiscardedStreams;
import io.payouts.query.driver.DriverFixtures;
import io.payouts.query.payout.PayoutFixtures;
import io.payouts.testsupport.DatabaseTest;
import io.payouts.query.QuerySideDatabase;
import io.payouts.testsupport.ReadModelDatabase;
import io.payouts.shared.Mode;
import io.payouts.shared.batch.BatchCreatedEvent;
import io.payouts.shared.batch.BatchDetails;
import io.payouts.shared.batch.BatchEvent;
import io.payouts.shared.batch.BatchId;
import io.payouts.shared.batch.BatchNotFoundException;
import io.payouts.shared.batch.BatchPayoutLine;
import io.payouts.shared.batch.BatchPayoutOutcomeRecordedEvent;
import io.payouts.shared.batch.BatchReleasedEvent;
import io.payouts.shared.batch.BatchStatus;
import io.payouts.shared.batch.BatchSummary;
import io.payouts.shared.batch.FindBatchQuery;
import io.payouts.shared.batch.ReleaseTrigger;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.driver.DriverRegisteredEvent;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.PayoutReleasedEvent;
import io.payouts.shared.payout.PayoutRequestedInBatchEvent;
import io.payouts.shared.payout.PayoutStatus;
import io.payouts.shared.payout.PayoutSummary;
import io.payouts.shared.payout.Rail;
import io.payouts.shared.wallet.WalletId;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

/**
 * A batch's details as of its newest stored event, with its payouts each as of theirs (ADR-0018): rows where they
 * are current, the stored streams where they are behind or not written yet.
 */
@DatabaseTest
class BatchQueryHandlerTest {

    private static final ReadModelDatabase DATABASE = QuerySideDatabase.migrated();
    private static final BatchId BATCH = new BatchId("batch_" + "0".repeat(31) + "1");
    private static final DriverId ANA = new DriverId("drv_" + "0".repeat(31) + "1");
    private static final PayoutId FIRST = new PayoutId(String.format("pay_%032x", 1));
    private static final PayoutId SECOND = new PayoutId(String.format("pay_%032x", 2));
    private static final Instant CREATED_AT = Instant.parse("2025-01-15T09:00:00Z");
    private static final Instant RELEASED_AT = Instant.parse("2025-01-15T10:00:00Z");

    private final BatchRows rows = new BatchRows(DATABASE.jdbc());
    private final BatchProjection projection = new BatchProjection(rows);
    private final BatchQueryHandler handler = new BatchQueryHandler(rows, new BatchHistory(DATABASE.eventStore(), DiscardedStreams.NONE),
            PayoutFixtures.batchPayouts(DATABASE.jdbc(), DATABASE.eventStore()),
            ConsistencyFixtures.noProcessors(DATABASE.jdbc()),
            ConsistencyFixtures.streamHeads(DATABASE.jdbc()));

    @BeforeEach
    void startFromNothing() {
        DATABASE.empty();
        DriverFixtures.projected(DATABASE.jdbc(), new DriverRegisteredEvent(ANA, Mode.SANDBOX, "fleet-42",
                "Ana Silva", "ana@example.com", "+14155550123", CREATED_AT));
    }

    @Test
    void findsACurrentBatchWithItsPayoutsInTheOrderRequestedAndTheirDriversNames() {
        batchStoredAndProjected(0, created(Mode.SANDBOX));
        payoutStoredAndProjected(SECOND, 0, requestedInBatch(SECOND, 1_000, CREATED_AT.plusSeconds(1)));
        payoutStoredAndProjected(FIRST, 0, requestedInBatch(FIRST, 4_000, CREATED_AT));

        BatchDetails details = handler.handle(new FindBatchQuery(Mode.SANDBOX, BATCH));

        assertThat(details.batch()).isEqualTo(new BatchSummary(BATCH, "Weekly", Rail.STANDARD, BatchStatus.QUEUED,
                2, 5_000, 0, 5_000, null, CREATED_AT, null, null, null, null));
        assertThat(details.payouts()).extracting(PayoutSummary::id, PayoutSummary::status, PayoutSummary::driverName)
                .containsExactly(tuple(FIRST, PayoutStatus.PENDING, "Ana Silva"),
                        tuple(SECOND, PayoutStatus.PENDING, "Ana Silva"));
    }

    @Test
    void payoutsRequestedTogetherAreListedInTheOrderOfTheBatchsRequestNotOfTheirIds() {
        batchStoredAndProjected(0, new BatchCreatedEvent(BATCH, Mode.SANDBOX, "Weekly", Rail.STANDARD, null,
                List.of(new BatchPayoutLine(SECOND, ANA, 1_000, 0), new BatchPayoutLine(FIRST, ANA, 4_000, 0)),
                2, 5_000, 0, 5_000, CREATED_AT));
        payoutStoredAndProjected(FIRST, 0, requestedInBatch(FIRST, 4_000, CREATED_AT));
        payoutStoredAndProjected(SECOND, 0, requestedInBatch(SECOND, 1_000, CREATED_AT));

        assertThat(handler.handle(new FindBatchQuery(Mode.SANDBOX, BATCH)).payouts())
                .extracting(PayoutSummary::id, PayoutSummary::amount)
                .containsExactly(tuple(SECOND, 1_000L), tuple(FIRST, 4_000L));

        DATABASE.jdbc().update("update batch_view set payout_ids = null"); // a row written before the order was kept
        assertThat(handler.handle(new FindBatchQuery(Mode.SANDBOX, BATCH)).payouts())
                .extracting(PayoutSummary::id).containsExactly(SECOND, FIRST);
    }

    @Test
    void answersFromTheStoredEventsWhenTheBatchRowIsBehind() {
        batchStoredAndProjected(0, created(Mode.SANDBOX));
        payoutStoredAndProjected(FIRST, 0, requestedInBatch(FIRST, 4_000, CREATED_AT));
        payoutStoredAndProjected(SECOND, 0, requestedInBatch(SECOND, 1_000, CREATED_AT.plusSeconds(1)));
        DATABASE.store(BATCH.value(), 1, new BatchReleasedEvent(BATCH, Mode.SANDBOX, "Weekly",
                ReleaseTrigger.RELEASE, List.of(FIRST, SECOND), 2, 5_000, 0, 5_000, RELEASED_AT, List.of()));

        BatchDetails details = handler.handle(new FindBatchQuery(Mode.SANDBOX, BATCH));

        assertThat(details.batch().status()).isEqualTo(BatchStatus.PROCESSING);
        assertThat(details.batch().releasedAt()).isEqualTo(RELEASED_AT);
        assertThat(details.payouts()).extracting(PayoutSummary::id).containsExactly(FIRST, SECOND);
    }

    @Test
    void aPayoutWhoseRowIsBehindIsFoldedFromItsStoredEvents() {
        batchStoredAndProjected(0, created(Mode.SANDBOX));
        payoutStoredAndProjected(FIRST, 0, requestedInBatch(FIRST, 4_000, CREATED_AT));
        payoutStoredAndProjected(SECOND, 0, requestedInBatch(SECOND, 1_000, CREATED_AT.plusSeconds(1)));
        DATABASE.store(FIRST.value(), 1, new PayoutReleasedEvent(FIRST, Mode.SANDBOX, BATCH, ANA, 4_000,
                Rail.STANDARD, RELEASED_AT));

        BatchDetails details = handler.handle(new FindBatchQuery(Mode.SANDBOX, BATCH));

        assertThat(details.payouts()).extracting(PayoutSummary::id, PayoutSummary::status)
                .containsExactly(tuple(FIRST, PayoutStatus.VALIDATED), tuple(SECOND, PayoutStatus.PENDING));
    }

    @Test
    void payoutsThePayoutProjectionHasNotWrittenYetAreFoldedInTheBatchsOrder() {
        batchStoredAndProjected(0, created(Mode.SANDBOX));
        payoutStoredAndProjected(SECOND, 0, requestedInBatch(SECOND, 1_000, CREATED_AT));
        DATABASE.store(FIRST.value(), 0, requestedInBatch(FIRST, 4_000, CREATED_AT.plusSeconds(1)));

        BatchDetails details = handler.handle(new FindBatchQuery(Mode.SANDBOX, BATCH));

        assertThat(details.batch().payoutCount()).isEqualTo(2);
        assertThat(details.payouts()).extracting(PayoutSummary::id, PayoutSummary::driverName)
                .containsExactly(tuple(FIRST, "Ana Silva"), tuple(SECOND, "Ana Silva"));
    }

    @Test
    void answersFromTheStoredEventsWhenTheReadModelHasNoRowForTheBatch() {
        DATABASE.store(BATCH.value(), 0, created(Mode.SANDBOX));
        DATABASE.store(FIRST.value(), 0, requestedInBatch(FIRST, 4_000, CREATED_AT));
        DATABASE.store(SECOND.value(), 0, requestedInBatch(SECOND, 1_000, CREATED_AT.plusSeconds(1)));

        BatchDetails details = handler.handle(new FindBatchQuery(Mode.SANDBOX, BATCH));

        assertThat(details.batch().id()).isEqualTo(BATCH);
        assertThat(details.payouts()).extracting(PayoutSummary::id).containsExactly(FIRST, SECOND);
    }

    @Test
    void aSnapshottedBatchWhoseRowIsBehindIsStillFound() {
        batchStoredAndProjected(0, created(Mode.SANDBOX));
        payoutStoredAndProjected(FIRST, 0, requestedInBatch(FIRST, 4_000, CREATED_AT));
        payoutStoredAndProjected(SECOND, 0, requestedInBatch(SECOND, 1_000, CREATED_AT.plusSeconds(1)));
        batchStoredAndProjected(1, new BatchReleasedEvent(BATCH, Mode.SANDBOX, "Weekly", ReleaseTrigger.RELEASE,
                List.of(FIRST, SECOND), 2, 5_000, 0, 5_000, RELEASED_AT, List.of()));
        DATABASE.storeSnapshot(BATCH.value(), 1, new BatchState("the Batch aggregate's fields as of its release"));
        DATABASE.store(BATCH.value(), 2, new BatchPayoutOutcomeRecordedEvent(BATCH, Mode.SANDBOX, FIRST,
                PayoutStatus.COMPLETED, RELEASED_AT.plusSeconds(30)));

        BatchDetails details = handler.handle(new FindBatchQuery(Mode.SANDBOX, BATCH));

        assertThat(details.batch().status()).isEqualTo(BatchStatus.PROCESSING);
        assertThat(details.payouts()).extracting(PayoutSummary::id).containsExactly(FIRST, SECOND);
    }

    @Test
    void doesNotFindABatchOfAnotherMode() {
        batchStoredAndProjected(0, created(Mode.SANDBOX));

        assertThatThrownBy(() -> handler.handle(new FindBatchQuery(Mode.PRODUCTION, BATCH)))
                .isInstanceOf(BatchNotFoundException.class)
                .hasMessageContaining(BATCH.value());
    }

    @Test
    void doesNotFindABatchNeitherTheReadModelNorTheEventStoreHas() {
        assertThatThrownBy(() -> handler.handle(new FindBatchQuery(Mode.SANDBOX, BATCH)))
                .isInstanceOf(BatchNotFoundException.class)
                .hasMessageContaining(BATCH.value());
    }

    private void batchStoredAndProjected(long sequence, Object event) {
        DATABASE.store(BATCH.value(), sequence, event);
        projection.on((BatchEvent) event, sequence);
    }

    private static void payoutStoredAndProjected(PayoutId payout, long sequence, Object event) {
        DATABASE.store(payout.value(), sequence, event);
        PayoutFixtures.projected(DATABASE.jdbc(), payout.value(), sequence, event);
    }

    private static BatchCreatedEvent created(Mode mode) {
        return new BatchCreatedEvent(BATCH, mode, "Weekly", Rail.STANDARD, null,
                List.of(new BatchPayoutLine(FIRST, ANA, 4_000, 0), new BatchPayoutLine(SECOND, ANA, 1_000, 0)),
                2, 5_000, 0, 5_000, CREATED_AT);
    }

    private static PayoutRequestedInBatchEvent requestedInBatch(PayoutId payout, long amount, Instant at) {
        return new PayoutRequestedInBatchEvent(payout, Mode.SANDBOX, WalletId.of(Mode.SANDBOX), BATCH, ANA, amount,
                0, amount, Rail.STANDARD, null, null, at);
    }

    /** Stands in for the command side's {@code Batch}, which the batch's snapshots hold (ADR-0013). */
    record BatchState(String fields) {
    }
}
