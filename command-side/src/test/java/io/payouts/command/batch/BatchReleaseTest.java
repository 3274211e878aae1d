package io.payouts.command.batch;

import io.payouts.command.InMemoryCommandSide;
import io.payouts.command.InMemoryDriverStandings;
import io.payouts.shared.InvalidFieldException;
import io.payouts.shared.InvalidFieldsException;
import io.payouts.shared.InvalidStateException;
import io.payouts.shared.MetadataKeys;
import io.payouts.shared.Mode;
import io.payouts.shared.batch.BatchCompletedEvent;
import io.payouts.shared.batch.BatchCreatedEvent;
import io.payouts.shared.batch.BatchId;
import io.payouts.shared.batch.BatchNotFoundException;
import io.payouts.shared.batch.BatchPayoutLine;
import io.payouts.shared.batch.BatchReleaseResult;
import io.payouts.shared.batch.BatchReleasedEvent;
import io.payouts.shared.batch.BatchStatus;
import io.payouts.shared.batch.CreateBatchCommand;
import io.payouts.shared.batch.RecordBatchPayoutOutcomesCommand;
import io.payouts.shared.batch.ReleaseBatchCommand;
import io.payouts.shared.batch.ReleaseTrigger;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.payout.CancelPayoutCommand;
import io.payouts.shared.payout.PayoutCanceledEvent;
import io.payouts.shared.payout.PayoutFailedEvent;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.PayoutReleasedEvent;
import io.payouts.shared.payout.PayoutRequest;
import io.payouts.shared.payout.PayoutRequestedInBatchEvent;
import io.payouts.shared.payout.PayoutStatus;
import io.payouts.shared.payout.QueuePayoutCommand;
import io.payouts.shared.payout.Rail;
import io.payouts.shared.wallet.FundsReleasedEvent;
import io.payouts.shared.wallet.FundsReservedEvent;
import io.payouts.shared.wallet.InsufficientFundsException;
import io.payouts.shared.wallet.RequestTopUpCommand;
import io.payouts.shared.wallet.Reservation;
import io.payouts.shared.wallet.SettleTopUpCommand;
import io.payouts.shared.wallet.TopUpMethod;
import io.payouts.shared.wallet.TransactionId;
import io.payouts.shared.wallet.WalletId;
import org.axonframework.commandhandling.GenericCommandMessage;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventsourcing.eventstore.EmbeddedEventStore;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Creating and releasing a batch span the Batch, its Payouts and the Wallet, which one AggregateTestFixture cannot
 * hold; so, like PayoutAdmissionTest, these run on Axon's in-memory infrastructure and read the stored events.
 */
class BatchReleaseTest {

    private static final BatchId BATCH = new BatchId("batch_" + "0".repeat(31) + "1");
    private static final WalletId SANDBOX_WALLET = WalletId.of(Mode.SANDBOX);
    private static final DriverId DRIVER = new DriverId("drv_" + "0".repeat(31) + "1");
    private static final DriverId LEAVING_DRIVER = new DriverId("drv_" + "0".repeat(31) + "2");
    private static final PayoutId FIRST = payoutId(1);
    private static final PayoutId SECOND = payoutId(2);
    private static final PayoutId THIRD = payoutId(3);
    private static final Instant FUNDED_AT = Instant.parse("2025-01-15T08:00:00Z");
    private static final Instant CREATED_AT = Instant.parse("2025-01-15T09:00:00Z");
    private static final Instant SCHEDULED_FOR = Instant.parse("2025-01-17T09:00:00Z");
    private static final Instant CANCELED_AT = Instant.parse("2025-01-15T10:00:00Z");
    private static final Instant RELEASED_AT = Instant.parse("2025-01-16T09:00:00Z");

    private EmbeddedEventStore eventStore;
    private CommandGateway commands;
    private InMemoryDriverStandings drivers;

    @BeforeEach
    void setUp() {
        InMemoryCommandSide side = new InMemoryCommandSide();
        side.drivers.payable(DRIVER, Mode.SANDBOX).payable(LEAVING_DRIVER, Mode.SANDBOX);
        drivers = side.drivers;
        side.with(new BatchCreation(side.batches, side.payouts, side.wallets, side.drivers))
                .with(new BatchRelease(side.batches, side.payouts, side.wallets, side.drivers))
                .with(new io.payouts.command.payout.PayoutSettlementAccess(side.wallets, side.payouts).handler());
        eventStore = side.eventStore;
        commands = side.commands;
    }

    @AfterEach
    void tearDown() {
        eventStore.shutDown();
    }

    // create

    @Test
    void createsTheBatchWithItsTotalsAndEveryPayoutPendingWithNothingReserved() {
        fund(10_000);

        create(null, request(FIRST, 4_000, 60), request(SECOND, 1_000, 50));

        assertThat(events(BATCH.value())).containsExactly(new BatchCreatedEvent(BATCH, Mode.SANDBOX, "Weekly",
                Rail.INSTANT, null, List.of(new BatchPayoutLine(FIRST, DRIVER, 4_000, 60),
                new BatchPayoutLine(SECOND, DRIVER, 1_000, 50)), 2, 5_000, 110, 4_890, CREATED_AT));
        assertThat(events(FIRST.value())).containsExactly(new PayoutRequestedInBatchEvent(FIRST, Mode.SANDBOX,
                SANDBOX_WALLET, BATCH, DRIVER, 4_000, 60, 3_940, Rail.INSTANT, "week 3", null, CREATED_AT));
        assertThat(events(SECOND.value())).hasSize(1);
        assertThat(walletEvents(FundsReservedEvent.class)).isEmpty();
    }

    @Test
    void refusesAScheduleThatIsNotInTheFuture() {
        assertThatThrownBy(() -> create(CREATED_AT, request(FIRST, 100, 0)))
                .isInstanceOf(InvalidFieldException.class)
                .satisfies(e -> assertThat(((InvalidFieldException) e).details()).containsKey("scheduledFor"));
        assertThat(events(BATCH.value())).isEmpty();
    }

    @Test
    void refusesAnEmptyBatchAndOneOfMoreThanAThousandPayouts() {
        assertThatThrownBy(() -> create(null)).isInstanceOf(InvalidFieldException.class);
        PayoutRequest[] tooMany = new PayoutRequest[1_001];
        for (int i = 0; i < tooMany.length; i++) {
            tooMany[i] = request(payoutId(100 + i), 100, 0);
        }
        assertThatThrownBy(() -> create(null, tooMany))
                .isInstanceOf(InvalidFieldException.class)
                .satisfies(e -> assertThat(((InvalidFieldException) e).details()).containsKey("payouts"));
    }

    // release

    @Test
    void releaseReservesEveryPayoutInOneDecisionAndHandsThemOn() {
        fund(5_000);
        create(SCHEDULED_FOR, request(FIRST, 4_000, 0), request(SECOND, 1_000, 0));

        List<PayoutId> released = release(ReleaseTrigger.RELEASE);

        assertThat(released).containsExactly(FIRST, SECOND);
        assertThat(walletEvents(FundsReservedEvent.class)).containsExactly(new FundsReservedEvent(SANDBOX_WALLET,
                Mode.SANDBOX, List.of(new Reservation(FIRST, 4_000), new Reservation(SECOND, 1_000)), RELEASED_AT));
        assertThat(events(FIRST.value())).last().isEqualTo(new PayoutReleasedEvent(FIRST, Mode.SANDBOX, BATCH, DRIVER,
                4_000, Rail.STANDARD, RELEASED_AT));
        assertThat(events(BATCH.value())).last().isEqualTo(new BatchReleasedEvent(BATCH, Mode.SANDBOX, "Weekly",
                ReleaseTrigger.RELEASE, List.of(FIRST, SECOND), 2, 5_000, 0, 5_000, RELEASED_AT, List.of()));
        commands.sendAndWait(new QueuePayoutCommand(FIRST, RELEASED_AT));
    }

    @Test
    void aReleaseMarkedToFailOnTheRailMarksEveryPayoutItReleases() {
        fund(5_000);
        create(SCHEDULED_FOR, request(FIRST, 4_000, 0), request(SECOND, 1_000, 0));

        commands.sendAndWait(GenericCommandMessage.asCommandMessage(
                        new ReleaseBatchCommand(BATCH, Mode.SANDBOX, ReleaseTrigger.RELEASE, RELEASED_AT))
                .andMetaData(Map.of(MetadataKeys.SANDBOX_SCENARIO, MetadataKeys.PAYOUT_FAILED_SCENARIO)));

        assertThat(events(FIRST.value())).last().isEqualTo(new PayoutReleasedEvent(FIRST, Mode.SANDBOX, BATCH, DRIVER,
                4_000, Rail.STANDARD, RELEASED_AT));
        assertThat(events(SECOND.value())).last().isEqualTo(new PayoutReleasedEvent(SECOND, Mode.SANDBOX, BATCH,
                DRIVER, 1_000, Rail.STANDARD, RELEASED_AT));
        assertThat(lastScenario(FIRST.value())).isEqualTo(MetadataKeys.PAYOUT_FAILED_SCENARIO);
        assertThat(lastScenario(SECOND.value())).isEqualTo(MetadataKeys.PAYOUT_FAILED_SCENARIO);
    }

    @Test
    void aPayoutCreatedToFailOnTheRailIsReleasedToFailThereWhateverTheRelease() {
        fund(5_000);
        create(SCHEDULED_FOR, failingOnTheRail(request(FIRST, 4_000, 0)));

        commands.sendAndWait(new ReleaseBatchCommand(BATCH, Mode.SANDBOX, ReleaseTrigger.RELEASE, RELEASED_AT));

        assertThat(lastScenario(FIRST.value())).isEqualTo(MetadataKeys.PAYOUT_FAILED_SCENARIO);
    }

    @Test
    void aReleaseWithoutTheScenarioMarksNoPayout() {
        fund(5_000);
        create(SCHEDULED_FOR, request(FIRST, 4_000, 0));

        commands.sendAndWait(new ReleaseBatchCommand(BATCH, Mode.SANDBOX, ReleaseTrigger.RELEASE, RELEASED_AT));

        assertThat(lastScenario(FIRST.value())).isNull();
    }

    @Test
    void aReleaseTheWalletCannotCoverWhollyMovesNothing() {
        fund(4_999);
        create(null, request(FIRST, 4_000, 0), request(SECOND, 1_000, 0));

        assertThatThrownBy(() -> release(ReleaseTrigger.RUN)).isInstanceOf(InsufficientFundsException.class);

        assertThat(walletEvents(FundsReservedEvent.class)).isEmpty();
        assertThat(events(FIRST.value())).hasSize(1);
        assertThat(events(SECOND.value())).hasSize(1);
        assertThat(events(BATCH.value())).hasSize(1);
    }

    @Test
    void aWalletHoldingExactlyTheBatchCoversIt() {
        fund(5_000);
        create(null, request(FIRST, 4_000, 0), request(SECOND, 1_000, 0));

        assertThat(release(ReleaseTrigger.RUN)).containsExactly(FIRST, SECOND);
        assertThat(walletEvents(FundsReservedEvent.class)).hasSize(1);
    }

    @Test
    void aWalletNeverFundedCoversNoBatch() {
        create(null, request(FIRST, 1, 0));

        assertThatThrownBy(() -> release(ReleaseTrigger.SCHEDULE)).isInstanceOf(InsufficientFundsException.class);
        assertThat(events(BATCH.value())).hasSize(1);
    }

    @Test
    void aReleaseTheWalletRefusedLetsTheNextReleaseOfTheWalletGoOnAnotherThread() throws Exception {
        create(null, request(FIRST, 1_000, 0));
        assertThatThrownBy(() -> release(ReleaseTrigger.RUN)).isInstanceOf(InsufficientFundsException.class);
        fund(10_000);

        List<PayoutId> released = CompletableFuture.supplyAsync(() -> release(ReleaseTrigger.RUN))
                .get(10, TimeUnit.SECONDS);

        assertThat(released).containsExactly(FIRST);
    }

    @Test
    void aBatchIsReleasedOnce() {
        fund(10_000);
        create(null, request(FIRST, 1_000, 0));
        release(ReleaseTrigger.RELEASE);

        for (ReleaseTrigger trigger : ReleaseTrigger.values()) {
            assertThatThrownBy(() -> release(trigger)).isInstanceOf(InvalidStateException.class);
        }
        assertThat(walletEvents(FundsReservedEvent.class)).hasSize(1);
    }

    @Test
    void anotherModesBatchAndAnUnknownBatchAreNotFound() {
        fund(10_000);
        create(null, request(FIRST, 1_000, 0));

        assertThatThrownBy(() -> commands.sendAndWait(new ReleaseBatchCommand(BATCH, Mode.PRODUCTION,
                ReleaseTrigger.RELEASE, RELEASED_AT))).isInstanceOf(BatchNotFoundException.class);
        assertThatThrownBy(() -> commands.sendAndWait(new ReleaseBatchCommand(new BatchId("batch_" + "f".repeat(32)),
                Mode.SANDBOX, ReleaseTrigger.RELEASE, RELEASED_AT))).isInstanceOf(BatchNotFoundException.class);
    }

    @Test
    void aPayoutCanceledBeforeTheReleaseReleasesNothingAndIsLeftOut() {
        fund(10_000);
        create(null, request(FIRST, 4_000, 0), request(SECOND, 1_000, 0), request(THIRD, 500, 0));
        commands.sendAndWait(new CancelPayoutCommand(SECOND, Mode.SANDBOX, CANCELED_AT));
        // the batch hears of the first cancel; the second one it has not heard of yet
        commands.sendAndWait(new RecordBatchPayoutOutcomesCommand(BATCH, Mode.SANDBOX, List.of(
                new RecordBatchPayoutOutcomesCommand.Outcome(SECOND, PayoutStatus.CANCELED, CANCELED_AT))));
        commands.sendAndWait(new CancelPayoutCommand(THIRD, Mode.SANDBOX, CANCELED_AT));

        List<PayoutId> released = release(ReleaseTrigger.RELEASE);

        assertThat(events(SECOND.value())).last().isInstanceOf(PayoutCanceledEvent.class);
        assertThat(walletEvents(FundsReleasedEvent.class)).as("a pending payout held nothing").isEmpty();
        assertThat(released).containsExactly(FIRST);
        assertThat(walletEvents(FundsReservedEvent.class)).singleElement()
                .satisfies(reserved -> assertThat(reserved.reservations())
                        .containsExactly(new Reservation(FIRST, 4_000)));
        assertThat(events(BATCH.value())).last().isEqualTo(new BatchReleasedEvent(BATCH, Mode.SANDBOX, "Weekly",
                ReleaseTrigger.RELEASE, List.of(FIRST), 1, 4_000, 0, 4_000, RELEASED_AT, List.of()));
    }

    @Test
    void aBatchWhosePayoutsWereAllCanceledHasNothingToRelease() {
        fund(10_000);
        create(null, request(FIRST, 4_000, 0));
        commands.sendAndWait(new CancelPayoutCommand(FIRST, Mode.SANDBOX, CANCELED_AT));

        assertThatThrownBy(() -> release(ReleaseTrigger.RELEASE)).isInstanceOf(InvalidStateException.class);
        assertThat(walletEvents(FundsReservedEvent.class)).isEmpty();
    }

    @Test
    void aReleasedPayoutCanceledGivesItsReservationBack() {
        fund(10_000);
        create(null, request(FIRST, 4_000, 0));
        release(ReleaseTrigger.RELEASE);

        commands.sendAndWait(new CancelPayoutCommand(FIRST, Mode.SANDBOX, CANCELED_AT));

        assertThat(walletEvents(FundsReleasedEvent.class)).containsExactly(
                new FundsReleasedEvent(SANDBOX_WALLET, Mode.SANDBOX, FIRST, 4_000, CANCELED_AT));
    }

    // who may be paid

    @Test
    void refusesToCreateABatchPayingADriverWhoIsNotPayableNamingTheItem() {
        drivers.deactivated(LEAVING_DRIVER, Mode.SANDBOX);

        assertThatThrownBy(() -> create(null, request(FIRST, 4_000, 0),
                request(SECOND, 1_000, 0, LEAVING_DRIVER)))
                .isInstanceOfSatisfying(InvalidFieldsException.class, refused ->
                        assertThat(refused.details()).containsOnlyKeys("payouts[1].driverId"));
        assertThat(events(BATCH.value())).isEmpty();
        assertThat(events(FIRST.value())).isEmpty();
    }

    @ParameterizedTest
    @EnumSource(ReleaseTrigger.class)
    void aPayoutWhoseDriverIsNoLongerPayableFailsAtTheReleaseWithNothingReservedAndTheRestGoesOn(
            ReleaseTrigger trigger) {
        fund(10_000);
        create(null, request(FIRST, 4_000, 0), request(SECOND, 1_000, 0, LEAVING_DRIVER), request(THIRD, 500, 0));
        drivers.deactivated(LEAVING_DRIVER, Mode.SANDBOX);

        BatchReleaseResult result = commands.sendAndWait(new ReleaseBatchCommand(BATCH, Mode.SANDBOX, trigger,
                RELEASED_AT));

        assertThat(result.releasedToRail()).containsExactly(FIRST, THIRD);
        assertThat(result.failedAtRelease()).containsExactly(SECOND);
        assertThat(events(SECOND.value())).last().isInstanceOfSatisfying(PayoutFailedEvent.class, failed -> {
            assertThat(failed.reason()).contains("inactive");
            assertThat(failed.failedAt()).isEqualTo(RELEASED_AT);
        });
        assertThat(events(FIRST.value())).last().isInstanceOf(PayoutReleasedEvent.class);
        assertThat(walletEvents(FundsReservedEvent.class)).singleElement().satisfies(reserved ->
                assertThat(reserved.reservations()).containsExactly(new Reservation(FIRST, 4_000),
                        new Reservation(THIRD, 500)));
        assertThat(walletEvents(FundsReleasedEvent.class)).as("the failed payout held nothing").isEmpty();
        assertThat(events(BATCH.value())).last().isEqualTo(new BatchReleasedEvent(BATCH, Mode.SANDBOX, "Weekly",
                trigger, List.of(FIRST, THIRD), 3, 5_500, 0, 5_500, RELEASED_AT, List.of(SECOND)));
    }

    @Test
    void aBatchNoneOfWhoseDriversCanBePaidAnyMoreFailsAtTheReleaseWithoutTouchingTheWallet() {
        create(null, request(FIRST, 4_000, 0, LEAVING_DRIVER));
        drivers.deactivated(LEAVING_DRIVER, Mode.SANDBOX);

        BatchReleaseResult result = commands.sendAndWait(new ReleaseBatchCommand(BATCH, Mode.SANDBOX,
                ReleaseTrigger.SCHEDULE, RELEASED_AT));

        assertThat(result.releasedToRail()).isEmpty();
        assertThat(result.failedAtRelease()).containsExactly(FIRST);
        assertThat(events(SANDBOX_WALLET.value())).isEmpty();
        assertThat(events(BATCH.value())).last().isEqualTo(new BatchCompletedEvent(BATCH, Mode.SANDBOX, "Weekly",
                BatchStatus.FAILED, 1, 4_000, 0, 1, RELEASED_AT));
    }

    // helpers

    private static PayoutId payoutId(int n) {
        return new PayoutId(String.format("pay_%032x", n));
    }

    private static PayoutRequest request(PayoutId payoutId, long amount, long fee) {
        return request(payoutId, amount, fee, DRIVER);
    }

    private static PayoutRequest request(PayoutId payoutId, long amount, long fee, DriverId driver) {
        return new PayoutRequest(payoutId, Mode.SANDBOX, driver, amount, fee, fee > 0 ? Rail.INSTANT : Rail.STANDARD,
                "week 3", null, null, null, "req_1", "key_dispatch", CREATED_AT);
    }

    /** The request as the sandbox scenario payout_failed makes it. */
    private static PayoutRequest failingOnTheRail(PayoutRequest request) {
        return new PayoutRequest(request.payoutId(), request.mode(), request.driverId(), request.amount(),
                request.fee(), request.rail(), request.description(), request.loadId(), request.requestedBy(),
                MetadataKeys.PAYOUT_FAILED_SCENARIO, request.requestId(), request.caller(), request.requestedAt());
    }

    private void create(Instant scheduledFor, PayoutRequest... requests) {
        Rail rail = requests.length > 0 ? requests[0].rail() : Rail.STANDARD;
        commands.sendAndWait(new CreateBatchCommand(BATCH, Mode.SANDBOX, SANDBOX_WALLET, "Weekly", rail, scheduledFor,
                new ArrayList<>(List.of(requests)), CREATED_AT));
    }

    private List<PayoutId> release(ReleaseTrigger trigger) {
        BatchReleaseResult result = commands.sendAndWait(new ReleaseBatchCommand(BATCH, Mode.SANDBOX, trigger,
                RELEASED_AT));
        return result.releasedToRail();
    }

    private void fund(long amount) {
        TransactionId transactionId = new TransactionId(String.format("txn_%032x", 1));
        commands.sendAndWait(new RequestTopUpCommand(SANDBOX_WALLET, Mode.SANDBOX, transactionId, amount, "float",
                TopUpMethod.ACH, FUNDED_AT));
        commands.sendAndWait(new SettleTopUpCommand(SANDBOX_WALLET, transactionId, "automatic", FUNDED_AT));
    }

    private List<Object> events(String aggregateId) {
        return eventStore.readEvents(aggregateId).asStream()
                .map(DomainEventMessage::getPayload).map(Object.class::cast).toList();
    }

    /** The sandbox scenario in the metadata of the aggregate's newest event. */
    private Object lastScenario(String aggregateId) {
        List<? extends DomainEventMessage<?>> stream = eventStore.readEvents(aggregateId).asStream().toList();
        return stream.get(stream.size() - 1).getMetaData().get(MetadataKeys.SANDBOX_SCENARIO);
    }

    private <E> List<E> walletEvents(Class<E> type) {
        return events(SANDBOX_WALLET.value()).stream().filter(type::isInstance).map(type::cast).toList();
    }
}
