package io.payouts.command.payout;

import io.payouts.command.InMemoryDriverStandings;
import io.payouts.command.wallet.Wallet;
import io.payouts.shared.ErrorCode;
import io.payouts.shared.InvalidStateException;
import io.payouts.shared.MetadataKeys;
import io.payouts.shared.Mode;
import io.payouts.shared.batch.BatchId;
import io.payouts.shared.payout.AdmissionOutcome;
import io.payouts.shared.payout.AdmitPayoutsCommand;
import io.payouts.shared.payout.CancelPayoutCommand;
import io.payouts.shared.payout.CompletePayoutCommand;
import io.payouts.shared.payout.FailPayoutCommand;
import io.payouts.shared.payout.PayoutCanceledEvent;
import io.payouts.shared.payout.PayoutCompletedEvent;
import io.payouts.shared.payout.PayoutFailedEvent;
import io.payouts.shared.payout.PayoutNotFoundException;
import io.payouts.shared.payout.PayoutProcessingStartedEvent;
import io.payouts.shared.payout.PayoutQueuedEvent;
import io.payouts.shared.payout.PayoutReleasedEvent;
import io.payouts.shared.payout.PayoutRequest;
import io.payouts.shared.payout.PayoutRequestedEvent;
import io.payouts.shared.payout.PayoutRequestedInBatchEvent;
import io.payouts.shared.payout.PayoutRetriedEvent;
import io.payouts.shared.payout.PayoutStatus;
import io.payouts.shared.payout.QueuePayoutCommand;
import io.payouts.shared.payout.Rail;
import io.payouts.shared.payout.StartPayoutProcessingCommand;
import io.payouts.shared.wallet.FundsReleasedEvent;
import io.payouts.shared.wallet.FundsReservedEvent;
import io.payouts.shared.wallet.Reservation;
import io.payouts.shared.wallet.TopUpRequestedEvent;
import io.payouts.shared.wallet.TopUpSettledEvent;
import io.payouts.shared.wallet.TransactionId;
import io.payouts.shared.wallet.WalletId;
import io.payouts.shared.wallet.WalletOpenedEvent;
import org.axonframework.eventhandling.EventMessage;
import org.axonframework.eventhandling.GenericDomainEventMessage;
import org.axonframework.eventhandling.GenericEventMessage;
import org.axonframework.eventsourcing.EventSourcingRepository;
import org.axonframework.eventsourcing.eventstore.EmbeddedEventStore;
import org.axonframework.eventsourcing.eventstore.inmemory.InMemoryEventStorageEngine;
import org.axonframework.messaging.Message;
import org.axonframework.messaging.MetaData;
import org.axonframework.modelling.command.Repository;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.axonframework.test.aggregate.FixtureConfiguration;
import org.axonframework.test.matchers.Matchers;
import org.hamcrest.Matcher;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static io.payouts.command.payout.PayoutHistories.AMOUNT;
import static io.payouts.command.payout.PayoutHistories.DRIVER;
import static io.payouts.command.payout.PayoutHistories.INSTANT_FEE;
import static io.payouts.command.payout.PayoutHistories.PAYOUT;
import static io.payouts.command.payout.PayoutHistories.QUEUED_AT;
import static io.payouts.command.payout.PayoutHistories.REQUESTED_AT;
import static io.payouts.command.payout.PayoutHistories.WALLET;
import static io.payouts.command.payout.PayoutHistories.historyIn;
import static io.payouts.command.payout.PayoutHistories.instantRequested;
import static io.payouts.command.payout.PayoutHistories.processing;
import static io.payouts.command.payout.PayoutHistories.requested;
import static io.payouts.command.payout.PayoutHistories.retriedHistory;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The payout's state machine (decisions.md, States) through its own commands, and cancel, fail and retry through
 * {@link PayoutSettlement} and {@link PayoutAdmission}, which the fixture runs against its Payout repository and a
 * second, in-memory event-sourced Wallet repository. The fixture records only the payout's events; the wallet's
 * are read from the wallet's own store.
 */
class PayoutTest {

    private static final BatchId BATCH = new BatchId("batch_" + "0".repeat(31) + "1");
    private static final WalletId PRODUCTION_WALLET = WalletId.of(Mode.PRODUCTION);
    private static final TransactionId TOP_UP = new TransactionId("txn_" + "0".repeat(31) + "1");


    private static final Instant FUNDED_AT = Instant.parse("2025-01-15T08:00:00Z");
    private static final Instant NOW = Instant.parse("2025-01-15T10:00:00Z");

    private FixtureConfiguration<Payout> fixture;
    private EmbeddedEventStore walletEvents;
    private long walletHistoryLength;

    @BeforeEach
    void setUp() {
        walletEvents = EmbeddedEventStore.builder().storageEngine(new InMemoryEventStorageEngine()).build();
        EventSourcingRepository<Wallet> wallets = EventSourcingRepository.builder(Wallet.class)
                .eventStore(walletEvents).build();
        AggregateTestFixture<Payout> aggregateFixture = new AggregateTestFixture<>(Payout.class);
        Repository<Payout> payouts = aggregateFixture.getRepository();
        aggregateFixture.registerAnnotatedCommandHandler(new PayoutSettlement(wallets, payouts));
        aggregateFixture.registerAnnotatedCommandHandler(new PayoutAdmission(wallets, payouts,
                new InMemoryDriverStandings().payable(DRIVER, Mode.SANDBOX)));
        fixture = aggregateFixture;
    }

    @AfterEach
    void tearDown() {
        walletEvents.shutDown();
    }

    // queue

    @Test
    void queuesAValidatedPayout() {
        fixture.given(historyIn(PayoutStatus.VALIDATED))
                .when(new QueuePayoutCommand(PAYOUT, NOW))
                .expectSuccessfulHandlerExecution()
                .expectEvents(new PayoutQueuedEvent(PAYOUT, Mode.SANDBOX, NOW));
    }

    @ParameterizedTest(name = "refuses to queue a {0} payout")
    @EnumSource(value = PayoutStatus.class, names = {"QUEUED", "PROCESSING", "COMPLETED", "FAILED", "CANCELED"})
    void refusesToQueueAPayoutThatIsNotValidated(PayoutStatus status) {
        fixture.given(historyIn(status))
                .when(new QueuePayoutCommand(PAYOUT, NOW))
                .expectException(InvalidStateException.class)
                .expectNoEvents();
    }

    @Test
    void refusesToQueueARetriedPayoutThatIsAlreadyQueued() {
        fixture.given(retriedHistory())
                .when(new QueuePayoutCommand(PAYOUT, NOW))
                .expectException(InvalidStateException.class)
                .expectNoEvents();
    }

    // processing

    @Test
    void startsProcessingAQueuedPayout() {
        fixture.given(historyIn(PayoutStatus.QUEUED))
                .when(new StartPayoutProcessingCommand(PAYOUT, NOW))
                .expectSuccessfulHandlerExecution()
                .expectEvents(new PayoutProcessingStartedEvent(PAYOUT, Mode.SANDBOX, NOW));
    }

    @Test
    void startsProcessingARetriedPayout() {
        fixture.given(retriedHistory())
                .when(new StartPayoutProcessingCommand(PAYOUT, NOW))
                .expectEvents(new PayoutProcessingStartedEvent(PAYOUT, Mode.SANDBOX, NOW));
    }

    @ParameterizedTest(name = "refuses to start processing a {0} payout")
    @EnumSource(value = PayoutStatus.class, names = {"VALIDATED", "PROCESSING", "COMPLETED", "FAILED", "CANCELED"})
    void refusesToStartProcessingAPayoutThatIsNotQueued(PayoutStatus status) {
        fixture.given(historyIn(status))
                .when(new StartPayoutProcessingCommand(PAYOUT, NOW))
                .expectException(InvalidStateException.class)
                .expectNoEvents();
    }

    // completion

    @Test
    void completesAQueuedPayoutWithItsAmountAndNetAmount() {
        fixture.given(historyIn(PayoutStatus.QUEUED))
                .when(new CompletePayoutCommand(PAYOUT, NOW))
                .expectSuccessfulHandlerExecution()
                .expectEvents(new PayoutCompletedEvent(PAYOUT, Mode.SANDBOX, DRIVER, AMOUNT, AMOUNT, NOW));
    }

    @Test
    void completesAProcessingPayout() {
        fixture.given(historyIn(PayoutStatus.PROCESSING))
                .when(new CompletePayoutCommand(PAYOUT, NOW))
                .expectSuccessfulHandlerExecution()
                .expectEvents(new PayoutCompletedEvent(PAYOUT, Mode.SANDBOX, DRIVER, AMOUNT, AMOUNT, NOW));
    }

    @ParameterizedTest(name = "refuses to complete a {0} payout")
    @EnumSource(value = PayoutStatus.class, names = {"VALIDATED", "COMPLETED", "FAILED", "CANCELED"})
    void refusesToCompleteAPayoutThatIsNeitherQueuedNorProcessing(PayoutStatus status) {
        fixture.given(historyIn(status))
                .when(new CompletePayoutCommand(PAYOUT, NOW))
                .expectException(InvalidStateException.class)
                .expectNoEvents();
    }

    // instant payouts

    @Test
    void completesAnInstantPayoutStraightAwayWithTheFeeDeductedFromItsNetAmount() {
        fixture.given(instantRequested())
                .when(new CompletePayoutCommand(PAYOUT, NOW))
                .expectSuccessfulHandlerExecution()
                .expectEvents(new PayoutCompletedEvent(PAYOUT, Mode.SANDBOX, DRIVER, AMOUNT, AMOUNT - INSTANT_FEE,
                        NOW));
    }

    @Test
    void refusesToQueueAnInstantPayoutBecauseItStartsProcessing() {
        fixture.given(instantRequested())
                .when(new QueuePayoutCommand(PAYOUT, NOW))
                .expectException(InvalidStateException.class)
                .expectNoEvents();
    }

    @Test
    void refusesToStartProcessingAnInstantPayoutAgain() {
        fixture.given(instantRequested())
                .when(new StartPayoutProcessingCommand(PAYOUT, NOW))
                .expectException(InvalidStateException.class)
                .expectNoEvents();
    }

    @Test
    void refusesToCancelAnInstantPayoutAndReleasesNothing() {
        fundWalletReserving(AMOUNT);

        fixture.given(instantRequested())
                .when(new CancelPayoutCommand(PAYOUT, Mode.SANDBOX, NOW))
                .expectException(InvalidStateException.class)
                .expectNoEvents();

        assertThat(newWalletEvents()).isEmpty();
    }

    @Test
    void failsAnInstantPayoutReleasingItsWholeAmountNotTheNetAmount() {
        fundWalletReserving(AMOUNT);

        fixture.given(instantRequested())
                .when(new FailPayoutCommand(PAYOUT, "rail rejected", NOW))
                .expectSuccessfulHandlerExecution()
                .expectEvents(new PayoutFailedEvent(PAYOUT, Mode.SANDBOX, DRIVER, AMOUNT, "rail rejected", NOW));

        assertThat(newWalletEvents()).containsExactly(released(AMOUNT));
    }

    // cancel (PayoutSettlement)

    @ParameterizedTest(name = "cancels a {0} payout and releases its amount")
    @EnumSource(value = PayoutStatus.class, names = {"VALIDATED", "QUEUED"})
    void cancelsAPayoutThatHasNotReachedProcessingAndReleasesItsAmount(PayoutStatus status) {
        fundWalletReserving(AMOUNT);

        fixture.given(historyIn(status))
                .when(new CancelPayoutCommand(PAYOUT, Mode.SANDBOX, NOW))
                .expectSuccessfulHandlerExecution()
                .expectEvents(new PayoutCanceledEvent(PAYOUT, Mode.SANDBOX, DRIVER, AMOUNT, NOW));

        assertThat(newWalletEvents()).containsExactly(released(AMOUNT));
    }

    @ParameterizedTest(name = "refuses to cancel a {0} payout")
    @EnumSource(value = PayoutStatus.class, names = {"PROCESSING", "COMPLETED", "FAILED", "CANCELED"})
    void refusesToCancelAPayoutPastQueuedAndReleasesNothing(PayoutStatus status) {
        fundWalletReserving(AMOUNT);

        fixture.given(historyIn(status))
                .when(new CancelPayoutCommand(PAYOUT, Mode.SANDBOX, NOW))
                .expectException(InvalidStateException.class)
                .expectNoEvents();

        assertThat(newWalletEvents()).isEmpty();
    }

    @Test
    void treatsACancelFromTheOtherModeAsAnUnknownPayout() {
        fundWalletReserving(AMOUNT);

        fixture.given(historyIn(PayoutStatus.VALIDATED))
                .when(new CancelPayoutCommand(PAYOUT, Mode.PRODUCTION, NOW))
                .expectException(PayoutNotFoundException.class)
                .expectNoEvents();

        assertThat(newWalletEvents()).isEmpty();
    }

    @Test
    void treatsACancelOfAPayoutThatNeverExistedAsAnUnknownPayout() {
        fixture.givenNoPriorActivity()
                .when(new CancelPayoutCommand(PAYOUT, Mode.SANDBOX, NOW))
                .expectException(PayoutNotFoundException.class)
                .expectNoEvents();
    }

    // failure (PayoutSettlement)

    @ParameterizedTest(name = "fails a {0} payout and releases its amount")
    @EnumSource(value = PayoutStatus.class, names = {"VALIDATED", "QUEUED", "PROCESSING"})
    void failsAnInFlightPayoutAndReleasesItsAmount(PayoutStatus status) {
        fundWalletReserving(AMOUNT);

        fixture.given(historyIn(status))
                .when(new FailPayoutCommand(PAYOUT, "account closed", NOW))
                .expectSuccessfulHandlerExecution()
                .expectEvents(new PayoutFailedEvent(PAYOUT, Mode.SANDBOX, DRIVER, AMOUNT, "account closed", NOW));

        assertThat(newWalletEvents()).containsExactly(released(AMOUNT));
    }

    @ParameterizedTest(name = "refuses to fail a {0} payout")
    @EnumSource(value = PayoutStatus.class, names = {"COMPLETED", "FAILED", "CANCELED"})
    void refusesToFailAFinishedPayoutAndReleasesNothing(PayoutStatus status) {
        fundWalletReserving(AMOUNT);

        fixture.given(historyIn(status))
                .when(new FailPayoutCommand(PAYOUT, "account closed", NOW))
                .expectException(InvalidStateException.class)
                .expectNoEvents();

        assertThat(newWalletEvents()).isEmpty();
    }

    @Test
    void treatsAFailureReportForAPayoutThatNeverExistedAsAnUnknownPayout() {
        fixture.givenNoPriorActivity()
                .when(new FailPayoutCommand(PAYOUT, "account closed", NOW))
                .expectException(PayoutNotFoundException.class)
                .expectNoEvents();
    }

    // admission and retry (PayoutAdmission)

    @Test
    void admitsANewPayoutItsWalletCoversReservingItsAmount() {
        fundWallet(AMOUNT);

        fixture.givenNoPriorActivity()
                .when(admit(List.of(standardRequest()), List.of()))
                .expectSuccessfulHandlerExecution()
                .expectResultMessagePayload(admitted())
                .expectEvents(requested(Rail.STANDARD, 0));

        assertThat(newWalletEvents()).containsExactly(
                new FundsReservedEvent(WALLET, Mode.SANDBOX, List.of(new Reservation(PAYOUT, AMOUNT)), NOW));
    }

    @Test
    void recordsWhoTheRequestSaysAskedForANewPayoutOnItsRequestedEvent() {
        fundWallet(AMOUNT);
        PayoutRequest standard = standardRequest();
        PayoutRequest askedByTheDriver = new PayoutRequest(standard.payoutId(), standard.mode(), standard.driverId(),
                standard.amount(), standard.fee(), standard.rail(), standard.description(), standard.loadId(),
                "driver-app: Ana", standard.sandboxScenario(), standard.requestId(), standard.caller(),
                standard.requestedAt());
        PayoutRequestedEvent requested = requested(Rail.STANDARD, 0);

        fixture.givenNoPriorActivity()
                .when(admit(List.of(askedByTheDriver), List.of()))
                .expectSuccessfulHandlerExecution()
                .expectEvents(new PayoutRequestedEvent(requested.payoutId(), requested.mode(), requested.walletId(),
                        requested.driverId(), requested.amount(), requested.fee(), requested.netAmount(),
                        requested.rail(), requested.description(), requested.loadId(), requested.requestedAt(),
                        "driver-app: Ana"));
    }

    @Test
    void recordsTheRequestIdCallerAndModeOfANewPayoutAsAuditMetadata() {
        fundWallet(AMOUNT);
        EventMessage<?> expected = GenericEventMessage.asEventMessage(requested(Rail.STANDARD, 0))
                .withMetaData(MetaData.with(MetadataKeys.MODE, "sandbox")
                        .and(MetadataKeys.REQUEST_ID, "req_1")
                        .and(MetadataKeys.CALLER, "key_1"));

        fixture.givenNoPriorActivity()
                .when(admit(List.of(standardRequest()), List.of()))
                .expectEvents(expected);
    }

    @Test
    void refusesANewPayoutItsWalletCannotCoverAndReservesNothing() {
        fundWallet(AMOUNT - 1);

        fixture.givenNoPriorActivity()
                .when(admit(List.of(standardRequest()), List.of()))
                .expectSuccessfulHandlerExecution()
                .expectResultMessagePayloadMatching(refusedWith(ErrorCode.INSUFFICIENT_FUNDS))
                .expectNoEvents();

        assertThat(newWalletEvents()).isEmpty();
    }

    @Test
    void retriesAFailedPayoutReservingItsAmountAgain() {
        fundWallet(AMOUNT);

        fixture.given(historyIn(PayoutStatus.FAILED))
                .when(admit(List.of(), List.of(retry())))
                .expectSuccessfulHandlerExecution()
                .expectResultMessagePayload(admitted())
                .expectEvents(new PayoutRetriedEvent(PAYOUT, Mode.SANDBOX, AMOUNT, NOW));

        assertThat(newWalletEvents()).containsExactly(
                new FundsReservedEvent(WALLET, Mode.SANDBOX, List.of(new Reservation(PAYOUT, AMOUNT)), NOW));
    }

    @Test
    void refusesToRetryAFailedPayoutItsWalletCannotCover() {
        fundWallet(AMOUNT - 1);

        fixture.given(historyIn(PayoutStatus.FAILED))
                .when(admit(List.of(), List.of(retry())))
                .expectSuccessfulHandlerExecution()
                .expectResultMessagePayloadMatching(refusedWith(ErrorCode.INSUFFICIENT_FUNDS))
                .expectNoEvents();

        assertThat(newWalletEvents()).isEmpty();
    }

    @ParameterizedTest(name = "refuses to retry a {0} payout")
    @EnumSource(value = PayoutStatus.class, names = {"VALIDATED", "QUEUED", "PROCESSING", "COMPLETED", "CANCELED"})
    void refusesToRetryAPayoutThatIsNotFailedAndReservesNothing(PayoutStatus status) {
        fundWallet(AMOUNT);

        fixture.given(historyIn(status))
                .when(admit(List.of(), List.of(retry())))
                .expectSuccessfulHandlerExecution()
                .expectResultMessagePayloadMatching(refusedWith(ErrorCode.INVALID_STATE))
                .expectNoEvents();

        assertThat(newWalletEvents()).isEmpty();
    }

    @Test
    void treatsARetryThroughTheOtherModesWalletAsAnUnknownPayout() {
        fundWallet(AMOUNT);

        fixture.given(historyIn(PayoutStatus.FAILED))
                .when(new AdmitPayoutsCommand(PRODUCTION_WALLET, List.of(), List.of(retry()), NOW))
                .expectSuccessfulHandlerExecution()
                .expectResultMessagePayloadMatching(refusedWith(ErrorCode.NOT_FOUND))
                .expectNoEvents();

        assertThat(newWalletEvents()).isEmpty();
    }

    @Test
    void treatsARetryOfAPayoutThatNeverExistedAsAnUnknownPayout() {
        fundWallet(AMOUNT);

        fixture.givenNoPriorActivity()
                .when(admit(List.of(), List.of(retry())))
                .expectSuccessfulHandlerExecution()
                .expectResultMessagePayloadMatching(refusedWith(ErrorCode.NOT_FOUND))
                .expectNoEvents();

        assertThat(newWalletEvents()).isEmpty();
    }

    // payouts of a batch (ADR-0013)

    @Test
    void aPendingBatchPayoutDoesNotMoveOnTheRail() {
        fixture.given(inBatch())
                .when(new QueuePayoutCommand(PAYOUT, NOW))
                .expectException(InvalidStateException.class)
                .expectNoEvents();
        fixture.given(inBatch())
                .when(new CompletePayoutCommand(PAYOUT, NOW))
                .expectException(InvalidStateException.class)
                .expectNoEvents();
        fixture.given(inBatch())
                .when(new FailPayoutCommand(PAYOUT, "rail", NOW))
                .expectException(InvalidStateException.class)
                .expectNoEvents();
    }

    @Test
    void aReleasedBatchPayoutIsQueuedLikeAnyOther() {
        fixture.given(inBatch(), new PayoutReleasedEvent(PAYOUT, Mode.SANDBOX, BATCH, DRIVER, AMOUNT, Rail.STANDARD, QUEUED_AT))
                .when(new QueuePayoutCommand(PAYOUT, NOW))
                .expectEvents(new PayoutQueuedEvent(PAYOUT, Mode.SANDBOX, NOW));
    }

    @Test
    void cancelsAPendingBatchPayoutWithoutReleasingFundsItNeverHeld() {
        fundWallet(AMOUNT);

        fixture.given(inBatch())
                .when(new CancelPayoutCommand(PAYOUT, Mode.SANDBOX, NOW))
                .expectEvents(new PayoutCanceledEvent(PAYOUT, Mode.SANDBOX, DRIVER, AMOUNT, NOW));
        assertThat(newWalletEvents()).isEmpty();
    }

    @Test
    void aPendingBatchPayoutCannotBeRetried() {
        fundWallet(AMOUNT);

        fixture.given(inBatch())
                .when(admit(List.of(), List.of(retry())))
                .expectResultMessagePayloadMatching(refusedWith(ErrorCode.INVALID_STATE))
                .expectNoEvents();
    }

    private static PayoutRequestedInBatchEvent inBatch() {
        return new PayoutRequestedInBatchEvent(PAYOUT, Mode.SANDBOX, WALLET, BATCH, DRIVER, AMOUNT, 0, AMOUNT,
                Rail.STANDARD, "week 3", null, REQUESTED_AT);
    }

    // helpers

    private static PayoutRequest standardRequest() {
        return new PayoutRequest(PAYOUT, Mode.SANDBOX, DRIVER, AMOUNT, 0, Rail.STANDARD, "week 3", "load-7", null,
                null, "req_1", "key_1", REQUESTED_AT);
    }

    private static AdmitPayoutsCommand.PayoutRetry retry() {
        return new AdmitPayoutsCommand.PayoutRetry(PAYOUT, "req_2", "key_1");
    }

    private static AdmitPayoutsCommand admit(List<PayoutRequest> newPayouts,
                                             List<AdmitPayoutsCommand.PayoutRetry> retries) {
        return new AdmitPayoutsCommand(WALLET, newPayouts, retries, NOW);
    }

    private static FundsReleasedEvent released(long amount) {
        return new FundsReleasedEvent(WALLET, Mode.SANDBOX, PAYOUT, amount, NOW);
    }

    private static AdmissionOutcome.Outcomes admitted() {
        return new AdmissionOutcome.Outcomes(List.of(AdmissionOutcome.admitted(PAYOUT, "Driver " + DRIVER.value(), NOW)));
    }

    private static Matcher<AdmissionOutcome.Outcomes> refusedWith(ErrorCode refusal) {
        return Matchers.predicate(batch -> batch.outcomes().size() == 1
                && batch.get(0).payoutId().equals(PAYOUT)
                && !batch.get(0).admitted() && batch.get(0).refusal().code() == refusal);
    }

    /** The wallet holds {@code balance} settled and nothing reserved. */
    private void fundWallet(long balance) {
        storeWalletHistory(List.of(
                new WalletOpenedEvent(WALLET, Mode.SANDBOX, FUNDED_AT),
                new TopUpRequestedEvent(WALLET, Mode.SANDBOX, TOP_UP, balance, "float", "ach", FUNDED_AT),
                new TopUpSettledEvent(WALLET, Mode.SANDBOX, TOP_UP, balance, "float", "automatic", FUNDED_AT)));
    }

    /** The wallet was funded with twice {@code reserved} and has reserved {@code reserved} for the payout. */
    private void fundWalletReserving(long reserved) {
        storeWalletHistory(List.of(
                new WalletOpenedEvent(WALLET, Mode.SANDBOX, FUNDED_AT),
                new TopUpRequestedEvent(WALLET, Mode.SANDBOX, TOP_UP, 2 * reserved, "float", "ach", FUNDED_AT),
                new TopUpSettledEvent(WALLET, Mode.SANDBOX, TOP_UP, 2 * reserved, "float", "automatic", FUNDED_AT),
                new FundsReservedEvent(WALLET, Mode.SANDBOX, List.of(new Reservation(PAYOUT, reserved)),
                        REQUESTED_AT)));
    }

    private void storeWalletHistory(List<Object> payloads) {
        List<EventMessage<?>> history = new ArrayList<>();
        for (int sequence = 0; sequence < payloads.size(); sequence++) {
            history.add(new GenericDomainEventMessage<>("Wallet", WALLET.value(), sequence, payloads.get(sequence)));
        }
        walletEvents.publish(history);
        walletHistoryLength = history.size();
    }

    /** The wallet's events the command under test appended, after the stored history. */
    private List<Object> newWalletEvents() {
        return walletEvents.readEvents(WALLET.value()).asStream()
                .skip(walletHistoryLength)
                .map(Message::getPayload)
                .map(Object.class::cast)
                .toList();
    }
}
