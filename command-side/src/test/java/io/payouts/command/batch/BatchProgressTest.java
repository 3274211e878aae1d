package io.payouts.command.batch;

import io.payouts.platform.commands.Commands;
import io.payouts.shared.Mode;
import io.payouts.shared.batch.BatchApprovedEvent;
import io.payouts.shared.batch.BatchAwaitingApprovalEvent;
import io.payouts.shared.batch.BatchCompletedEvent;
import io.payouts.shared.batch.BatchCreatedEvent;
import io.payouts.shared.batch.BatchId;
import io.payouts.shared.batch.BatchPayoutLine;
import io.payouts.shared.batch.BatchRejectedEvent;
import io.payouts.shared.batch.BatchReleasedEvent;
import io.payouts.shared.batch.BatchStatus;
import io.payouts.shared.batch.ReleaseBatchCommand;
import io.payouts.shared.batch.ReleaseTrigger;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.Rail;
import io.payouts.shared.wallet.InsufficientFundsException;
import org.axonframework.commandhandling.gateway.DefaultCommandGateway;
import org.axonframework.test.saga.SagaTestFixture;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;

/** The batch saga: the persistent release deadline (ADR-0013); the payouts' outcomes are BatchOutcomesTest's. */
class BatchProgressTest {

    private static final BatchId BATCH = new BatchId("batch_" + "0".repeat(31) + "1");
    private static final DriverId DRIVER = new DriverId("drv_" + "0".repeat(31) + "1");
    private static final PayoutId FIRST = new PayoutId(String.format("pay_%032x", 1));
    private static final PayoutId SECOND = new PayoutId(String.format("pay_%032x", 2));
    private static final Instant CREATED_AT = Instant.parse("2025-01-15T09:00:00Z");
    private static final Instant SCHEDULED_FOR = Instant.parse("2025-01-17T09:00:00Z");
    private static final Instant FIRED_AT = Instant.parse("2025-01-17T09:00:01Z");
    private static final Instant ENDED_AT = Instant.parse("2025-01-17T09:00:30Z");

    private SagaTestFixture<BatchProgress> fixture;

    @BeforeEach
    void setUp() {
        fixture = new SagaTestFixture<>(BatchProgress.class);
        fixture.registerResource(Clock.fixed(FIRED_AT, ZoneOffset.UTC));
        fixture.registerResource(new Commands(DefaultCommandGateway.builder()
                .commandBus(fixture.getCommandBus()).build()));
        fixture.withTransienceCheckDisabled();
    }

    @Test
    void schedulesTheReleaseOfAScheduledBatchAtItsTime() {
        fixture.givenNoPriorActivity()
                .whenAggregate(BATCH.value()).publishes(created(SCHEDULED_FOR))
                .expectActiveSagas(1)
                .expectScheduledDeadlineWithName(SCHEDULED_FOR, BatchProgress.RELEASE_DEADLINE)
                .expectNoDispatchedCommands();
    }

    @Test
    void releasesScheduledBatchWhenDeadlineFires() {
        fixture.givenAggregate(BATCH.value()).published(created(SCHEDULED_FOR))
                .whenTimeAdvancesTo(SCHEDULED_FOR)
                .expectTriggeredDeadlinesWithName(BatchProgress.RELEASE_DEADLINE)
                .expectDispatchedCommands(new ReleaseBatchCommand(BATCH, Mode.SANDBOX, ReleaseTrigger.SCHEDULE,
                        FIRED_AT));
    }

    @Test
    void aScheduledReleaseTheWalletCannotCoverLeavesTheBatchQueued() {
        fixture.setCallbackBehavior((command, metaData) -> {
            throw new InsufficientFundsException(5_000, 0);
        });
        fixture.givenAggregate(BATCH.value()).published(created(SCHEDULED_FOR))
                .whenTimeAdvancesTo(SCHEDULED_FOR)
                .expectSuccessfulHandlerExecution()
                .expectDispatchedCommands(new ReleaseBatchCommand(BATCH, Mode.SANDBOX, ReleaseTrigger.SCHEDULE,
                        FIRED_AT))
                .expectActiveSagas(1);
    }

    @Test
    void doesNotReleaseBeforeItsTime() {
        fixture.givenAggregate(BATCH.value()).published(created(SCHEDULED_FOR))
                .whenTimeAdvancesTo(SCHEDULED_FOR.minusSeconds(1))
                .expectNoDispatchedCommands()
                .expectScheduledDeadlineWithName(SCHEDULED_FOR, BatchProgress.RELEASE_DEADLINE);
    }

    @Test
    void aBatchWithoutScheduleHasNoDeadline() {
        fixture.givenNoPriorActivity()
                .whenAggregate(BATCH.value()).publishes(created(null))
                .expectActiveSagas(1)
                .expectNoScheduledDeadlines();
    }

    @Test
    void aBatchReleasedByHandCancelsItsSchedule() {
        fixture.givenAggregate(BATCH.value()).published(created(SCHEDULED_FOR))
                .whenAggregate(BATCH.value()).publishes(new BatchReleasedEvent(BATCH, Mode.SANDBOX, "Weekly",
                        ReleaseTrigger.RUN, List.of(FIRST, SECOND), 2, 5_000, 0, 5_000, CREATED_AT, List.of()))
                .expectNoScheduledDeadlines()
                .expectNoDispatchedCommands();
    }

    @Test
    void aBatchApprovedAfterItsTimeIsReleasedAtOnce() {
        fixture.givenAggregate(BATCH.value()).published(created(SCHEDULED_FOR),
                        new BatchAwaitingApprovalEvent(BATCH, Mode.SANDBOX, 5_000, 1_000, "usr_creator", CREATED_AT))
                .whenAggregate(BATCH.value()).publishes(new BatchApprovedEvent(BATCH, Mode.SANDBOX, "usr_approver",
                        SCHEDULED_FOR.plusSeconds(60)))
                .expectDispatchedCommands(new ReleaseBatchCommand(BATCH, Mode.SANDBOX, ReleaseTrigger.SCHEDULE,
                        FIRED_AT));
    }

    @Test
    void aBatchApprovedBeforeItsTimeWaitsForItsDeadline() {
        fixture.givenAggregate(BATCH.value()).published(created(SCHEDULED_FOR),
                        new BatchAwaitingApprovalEvent(BATCH, Mode.SANDBOX, 5_000, 1_000, "usr_creator", CREATED_AT))
                .whenAggregate(BATCH.value()).publishes(new BatchApprovedEvent(BATCH, Mode.SANDBOX, "usr_approver",
                        CREATED_AT.plusSeconds(60)))
                .expectNoDispatchedCommands()
                .expectScheduledDeadlineWithName(SCHEDULED_FOR, BatchProgress.RELEASE_DEADLINE);
    }

    @Test
    void aRejectedBatchIsNeverReleasedAndItsSagaEnds() {
        fixture.givenAggregate(BATCH.value()).published(created(SCHEDULED_FOR),
                        new BatchAwaitingApprovalEvent(BATCH, Mode.SANDBOX, 5_000, 1_000, "usr_creator", CREATED_AT))
                .whenAggregate(BATCH.value()).publishes(new BatchRejectedEvent(BATCH, Mode.SANDBOX, "usr_approver",
                        "wrong week", CREATED_AT.plusSeconds(60)))
                .expectNoScheduledDeadlines()
                .expectActiveSagas(0);
    }

    @Test
    void endsWhenTheBatchCompletes() {
        fixture.givenAggregate(BATCH.value()).published(created(null))
                .whenAggregate(BATCH.value()).publishes(new BatchCompletedEvent(BATCH, Mode.SANDBOX, "Weekly",
                        BatchStatus.COMPLETED, 2, 5_000, 2, 0, ENDED_AT))
                .expectActiveSagas(0);
    }

    private static BatchCreatedEvent created(Instant scheduledFor) {
        return new BatchCreatedEvent(BATCH, Mode.SANDBOX, "Weekly", Rail.STANDARD, scheduledFor,
                List.of(new BatchPayoutLine(FIRST, DRIVER, 4_000, 0), new BatchPayoutLine(SECOND, DRIVER, 1_000, 0)),
                2, 5_000, 0, 5_000, CREATED_AT);
    }
}
