package io.payouts.command.batch;

import io.payouts.shared.Mode;
import io.payouts.shared.batch.BatchCompletedEvent;
import io.payouts.shared.batch.BatchCreatedEvent;
import io.payouts.shared.batch.BatchId;
import io.payouts.shared.batch.BatchPayoutCanceledEvent;
import io.payouts.shared.batch.BatchPayoutLine;
import io.payouts.shared.batch.BatchPayoutOutcomeRecordedEvent;
import io.payouts.shared.batch.BatchPayoutOutcomesRecordedEvent;
import io.payouts.shared.batch.BatchPayoutOutcomesRecordedEvent.Outcome;
import io.payouts.shared.batch.BatchReleasedEvent;
import io.payouts.shared.batch.BatchStatus;
import io.payouts.shared.batch.RecordBatchPayoutOutcomesCommand;
import io.payouts.shared.batch.ReleaseTrigger;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.PayoutStatus;
import io.payouts.shared.payout.Rail;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

/** How a batch follows its payouts (decisions.md, States: Batch; ADR-0013). */
class BatchTest {

    private static final BatchId BATCH = new BatchId("batch_" + "0".repeat(31) + "1");
    private static final DriverId DRIVER = new DriverId("drv_" + "0".repeat(31) + "1");
    private static final PayoutId FIRST = new PayoutId(String.format("pay_%032x", 1));
    private static final PayoutId SECOND = new PayoutId(String.format("pay_%032x", 2));
    private static final PayoutId STRANGER = new PayoutId(String.format("pay_%032x", 9));
    private static final Instant CREATED_AT = Instant.parse("2025-01-15T09:00:00Z");
    private static final Instant RELEASED_AT = Instant.parse("2025-01-16T09:00:00Z");
    private static final Instant ENDED_AT = Instant.parse("2025-01-16T09:00:10Z");
    private static final Instant LATER = Instant.parse("2025-01-16T09:00:20Z");
    private static final Instant LATEST = Instant.parse("2025-01-16T09:00:30Z");

    private AggregateTestFixture<Batch> fixture;

    @BeforeEach
    void setUp() {
        fixture = new AggregateTestFixture<>(Batch.class);
    }

    @Test
    void aPayoutCanceledBeforeTheReleaseLeavesTheTotals() {
        fixture.given(created())
                .when(outcome(SECOND, PayoutStatus.CANCELED, ENDED_AT))
                .expectEvents(new BatchPayoutCanceledEvent(BATCH, Mode.SANDBOX, SECOND, 1, 4_000, 60, 3_940, ENDED_AT));
    }

    @Test
    void theSameCancelToldTwiceChangesNothing() {
        fixture.given(created(), new BatchPayoutCanceledEvent(BATCH, Mode.SANDBOX, SECOND, 1, 4_000, 60, 3_940,
                        ENDED_AT))
                .when(outcome(SECOND, PayoutStatus.CANCELED, LATER))
                .expectSuccessfulHandlerExecution()
                .expectNoEvents();
    }

    @Test
    void anOutcomeOfAPayoutNotInTheBatchIsIgnored() {
        fixture.given(created(), released())
                .when(outcome(STRANGER, PayoutStatus.COMPLETED, ENDED_AT))
                .expectNoEvents();
    }

    @Test
    void completesWhenEveryPayoutEndedAndOneCompleted() {
        fixture.given(created(), released(),
                        recorded(FIRST, PayoutStatus.FAILED, ENDED_AT))
                .when(outcome(SECOND, PayoutStatus.COMPLETED, LATER))
                .expectEvents(
                        recordedNow(new Outcome(SECOND, PayoutStatus.COMPLETED, LATER)),
                        new BatchCompletedEvent(BATCH, Mode.SANDBOX, "Weekly", BatchStatus.COMPLETED, 2, 5_000, 1, 1,
                                LATER));
    }

    @Test
    void failsWhenEveryPayoutFailed() {
        fixture.given(created(), released(),
                        recorded(FIRST, PayoutStatus.FAILED, ENDED_AT))
                .when(outcome(SECOND, PayoutStatus.FAILED, LATER))
                .expectEvents(
                        recordedNow(new Outcome(SECOND, PayoutStatus.FAILED, LATER)),
                        new BatchCompletedEvent(BATCH, Mode.SANDBOX, "Weekly", BatchStatus.FAILED, 2, 5_000, 0, 2,
                                LATER));
    }

    @Test
    void staysProcessingWhileAPayoutIsStillOnTheRail() {
        fixture.given(created(), released())
                .when(outcome(FIRST, PayoutStatus.COMPLETED, ENDED_AT))
                .expectEvents(recordedNow(new Outcome(FIRST, PayoutStatus.COMPLETED, ENDED_AT)));
    }

    @Test
    void aRetriedPayoutIsOnTheRailAgain() {
        fixture.given(created(), released(),
                        recorded(FIRST, PayoutStatus.FAILED, ENDED_AT),
                        recorded(FIRST, PayoutStatus.QUEUED, LATER))
                .when(outcome(SECOND, PayoutStatus.COMPLETED, LATER))
                .expectEvents(recordedNow(new Outcome(SECOND, PayoutStatus.COMPLETED, LATER)));
    }

    @Test
    void aPayoutLeftOutOfTheReleaseDoesNotHoldTheBatchBack() {
        fixture.given(created(), new BatchReleasedEvent(BATCH, Mode.SANDBOX, "Weekly", ReleaseTrigger.SCHEDULE,
                        List.of(FIRST), 1, 4_000, 60, 3_940, RELEASED_AT, List.of()))
                .when(outcome(FIRST, PayoutStatus.COMPLETED, ENDED_AT))
                .expectEvents(
                        recordedNow(new Outcome(FIRST, PayoutStatus.COMPLETED, ENDED_AT)),
                        new BatchCompletedEvent(BATCH, Mode.SANDBOX, "Weekly", BatchStatus.COMPLETED, 1, 4_000, 1, 0,
                                ENDED_AT));
    }

    @Test
    void aFinishedBatchIgnoresLaterOutcomes() {
        fixture.given(created(), released(),
                        recorded(FIRST, PayoutStatus.FAILED, ENDED_AT),
                        recorded(SECOND, PayoutStatus.COMPLETED, ENDED_AT),
                        new BatchCompletedEvent(BATCH, Mode.SANDBOX, "Weekly", BatchStatus.COMPLETED, 2, 5_000, 1, 1,
                                ENDED_AT))
                .when(outcome(FIRST, PayoutStatus.QUEUED, LATER))
                .expectNoEvents();
    }

    @Test
    void anOutcomeToldTwiceIsRecordedOnce() {
        fixture.given(created(), released(),
                        recorded(FIRST, PayoutStatus.COMPLETED, ENDED_AT))
                .when(outcome(FIRST, PayoutStatus.COMPLETED, LATER))
                .expectNoEvents();
    }

    @Test
    void manyOutcomesInOneCommandAreRecordedInTurnAndCompleteTheBatch() {
        fixture.given(created(), released())
                .when(new RecordBatchPayoutOutcomesCommand(BATCH, Mode.SANDBOX, List.of(
                        new RecordBatchPayoutOutcomesCommand.Outcome(FIRST, PayoutStatus.FAILED, ENDED_AT),
                        new RecordBatchPayoutOutcomesCommand.Outcome(SECOND, PayoutStatus.COMPLETED, ENDED_AT),
                        new RecordBatchPayoutOutcomesCommand.Outcome(FIRST, PayoutStatus.QUEUED, LATER))))
                .expectEvents(
                        recordedNow(new Outcome(FIRST, PayoutStatus.FAILED, ENDED_AT),
                                new Outcome(SECOND, PayoutStatus.COMPLETED, ENDED_AT)),
                        new BatchCompletedEvent(BATCH, Mode.SANDBOX, "Weekly", BatchStatus.COMPLETED, 2, 5_000, 1, 1,
                                ENDED_AT));
    }

    @Test
    void outcomesThatAreNoNewsAreLeftOutOfTheEvent() {
        fixture.given(created(), released())
                .when(new RecordBatchPayoutOutcomesCommand(BATCH, Mode.SANDBOX, List.of(
                        new RecordBatchPayoutOutcomesCommand.Outcome(FIRST, PayoutStatus.FAILED, LATER),
                        new RecordBatchPayoutOutcomesCommand.Outcome(FIRST, PayoutStatus.FAILED, LATER),
                        new RecordBatchPayoutOutcomesCommand.Outcome(FIRST, PayoutStatus.QUEUED, ENDED_AT),
                        new RecordBatchPayoutOutcomesCommand.Outcome(STRANGER, PayoutStatus.COMPLETED, LATER))))
                .expectEvents(recordedNow(new Outcome(FIRST, PayoutStatus.FAILED, LATER)));
    }

    @Test
    void aFailureItsRetryAndItsEndInOneCommandAreAllRecorded() {
        fixture.given(created(), released())
                .when(new RecordBatchPayoutOutcomesCommand(BATCH, Mode.SANDBOX, List.of(
                        new RecordBatchPayoutOutcomesCommand.Outcome(FIRST, PayoutStatus.FAILED, ENDED_AT),
                        new RecordBatchPayoutOutcomesCommand.Outcome(FIRST, PayoutStatus.QUEUED, LATER),
                        new RecordBatchPayoutOutcomesCommand.Outcome(FIRST, PayoutStatus.COMPLETED, LATEST))))
                .expectEvents(recordedNow(new Outcome(FIRST, PayoutStatus.FAILED, ENDED_AT),
                        new Outcome(FIRST, PayoutStatus.QUEUED, LATER),
                        new Outcome(FIRST, PayoutStatus.COMPLETED, LATEST)));
    }

    @Test
    void aBatchWhoseEarlierOutcomesCameGroupedCompletesWithItsLastOpenPayout() {
        fixture.given(created(), released(),
                        recordedNow(new Outcome(FIRST, PayoutStatus.FAILED, ENDED_AT),
                                new Outcome(FIRST, PayoutStatus.QUEUED, LATER),
                                new Outcome(SECOND, PayoutStatus.COMPLETED, LATER)))
                .when(outcome(FIRST, PayoutStatus.COMPLETED, LATEST))
                .expectEvents(recordedNow(new Outcome(FIRST, PayoutStatus.COMPLETED, LATEST)),
                        new BatchCompletedEvent(BATCH, Mode.SANDBOX, "Weekly", BatchStatus.COMPLETED, 2, 5_000, 2, 0,
                                LATEST));
    }

    @Test
    void anOutcomeOlderThanTheOneRecordedChangesNothing() {
        fixture.given(created(), released(),
                        recorded(FIRST, PayoutStatus.FAILED, ENDED_AT),
                        recorded(FIRST, PayoutStatus.QUEUED, LATER))
                .when(outcome(FIRST, PayoutStatus.FAILED, ENDED_AT))
                .expectNoEvents();
    }

    private static BatchCreatedEvent created() {
        return new BatchCreatedEvent(BATCH, Mode.SANDBOX, "Weekly", Rail.INSTANT, null,
                List.of(new BatchPayoutLine(FIRST, DRIVER, 4_000, 60), new BatchPayoutLine(SECOND, DRIVER, 1_000, 50)),
                2, 5_000, 110, 4_890, CREATED_AT);
    }

    private static BatchReleasedEvent released() {
        return new BatchReleasedEvent(BATCH, Mode.SANDBOX, "Weekly", ReleaseTrigger.RELEASE, List.of(FIRST, SECOND),
                2, 5_000, 110, 4_890, RELEASED_AT, List.of());
    }

    private static BatchPayoutOutcomesRecordedEvent recordedNow(Outcome... outcomes) {
        return new BatchPayoutOutcomesRecordedEvent(BATCH, Mode.SANDBOX, List.of(outcomes));
    }

    /** As a batch recorded one outcome per event before it grouped them: such streams are still stored. */
    private static BatchPayoutOutcomeRecordedEvent recorded(PayoutId payoutId, PayoutStatus status, Instant at) {
        return new BatchPayoutOutcomeRecordedEvent(BATCH, Mode.SANDBOX, payoutId, status, at);
    }

    private static RecordBatchPayoutOutcomesCommand outcome(PayoutId payoutId, PayoutStatus status, Instant at) {
        return new RecordBatchPayoutOutcomesCommand(BATCH, Mode.SANDBOX, List.of(
                new RecordBatchPayoutOutcomesCommand.Outcome(payoutId, status, at)));
    }
}
