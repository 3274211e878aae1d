package io.payouts.command.payout;

import io.payouts.command.InMemoryDriverStandings;
import io.payouts.command.wallet.Wallet;
import io.payouts.shared.InvalidStateException;
import io.payouts.shared.Mode;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.payout.AdmitPayoutsCommand;
import io.payouts.shared.payout.CancelPayoutCommand;
import io.payouts.shared.payout.FailPayoutCommand;
import io.payouts.shared.payout.PayoutCanceledEvent;
import io.payouts.shared.payout.PayoutCompletedEvent;
import io.payouts.shared.payout.PayoutFailedEvent;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.PayoutNotFoundException;
import io.payouts.shared.payout.PayoutProcessingStartedEvent;
import io.payouts.shared.payout.PayoutQueuedEvent;
import io.payouts.shared.payout.PayoutRequestedEvent;
import io.payouts.shared.payout.PayoutRetriedEvent;
import io.payouts.shared.payout.PayoutReturnedEvent;
import io.payouts.shared.payout.QueuePayoutCommand;
import io.payouts.shared.payout.Rail;
import io.payouts.shared.payout.ReturnPayoutCommand;
import io.payouts.shared.wallet.FundsReleasedEvent;
import io.payouts.shared.wallet.FundsReservedEvent;
import io.payouts.shared.wallet.Reservation;
import io.payouts.shared.wallet.ReturnedFundsCreditedEvent;
import io.payouts.shared.wallet.TopUpRequestedEvent;
import io.payouts.shared.wallet.TopUpSettledEvent;
import io.payouts.shared.wallet.TransactionId;
import io.payouts.shared.wallet.WalletId;
import io.payouts.shared.wallet.WalletOpenedEvent;
import org.axonframework.eventhandling.EventMessage;
import org.axonframework.eventhandling.GenericDomainEventMessage;
import org.axonframework.eventsourcing.EventSourcingRepository;
import org.axonframework.eventsourcing.eventstore.EmbeddedEventStore;
import org.axonframework.eventsourcing.eventstore.inmemory.InMemoryEventStorageEngine;
import org.axonframework.messaging.Message;
import org.axonframework.modelling.command.Repository;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.axonframework.test.aggregate.FixtureConfiguration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A payout a bank holds: queued under the bank file's reference it can no longer be canceled; a retry is recorded
 * when the bank rail submits it; and a completed payout the bank returns ends failed with its amount credited back to
 * the wallet, once. {@link PayoutSettlement} runs against the fixture's payouts and an in-memory wallet repository.
 */
class PayoutAtTheBankTest {

    private static final PayoutId PAYOUT = new PayoutId("pay_" + "0".repeat(31) + "2");
    private static final DriverId DRIVER = new DriverId("drv_" + "0".repeat(31) + "2");
    private static final WalletId WALLET = WalletId.of(Mode.PRODUCTION);
    private static final TransactionId TOP_UP = new TransactionId("txn_" + "0".repeat(31) + "2");
    private static final TransactionId RETURN_CREDIT = new TransactionId("txn_" + "f".repeat(31) + "2");
    private static final long AMOUNT = 10_000;
    private static final long FEE = 150;
    private static final String FILE = "PO20250115-7";
    private static final String REASON = "AC04 closed account number";

    private static final Instant FUNDED_AT = Instant.parse("2025-01-15T08:00:00Z");
    private static final Instant REQUESTED_AT = Instant.parse("2025-01-15T09:00:00Z");
    private static final Instant QUEUED_AT = Instant.parse("2025-01-15T09:01:00Z");
    private static final Instant COMPLETED_AT = Instant.parse("2025-01-15T09:02:00Z");
    private static final Instant NOW = Instant.parse("2025-01-16T10:00:00Z");

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
                new InMemoryDriverStandings().payable(DRIVER, Mode.PRODUCTION)));
        fixture = aggregateFixture;
        fundWalletPaying(AMOUNT);
    }

    @AfterEach
    void tearDown() {
        walletEvents.shutDown();
    }

    // queued at the bank

    @Test
    void recordsTheRailAndTheBankFileThatTookAValidatedPayout() {
        fixture.given(requested(Rail.STANDARD))
                .when(new QueuePayoutCommand(PAYOUT, QUEUED_AT, "iso20022", FILE))
                .expectEvents(new PayoutQueuedEvent(PAYOUT, Mode.PRODUCTION, QUEUED_AT, "iso20022", FILE));
    }

    @Test
    void refusesToCancelAPayoutQueuedInABankFileAndReleasesNothing() {
        fixture.given(requested(Rail.STANDARD), queuedAtTheBank())
                .when(new CancelPayoutCommand(PAYOUT, Mode.PRODUCTION, NOW))
                .expectException(InvalidStateException.class)
                .expectExceptionMessage("payout " + PAYOUT + " was sent out by the iso20022 rail under " + FILE
                        + " and can no longer be canceled")
                .expectNoEvents();

        assertThat(newWalletEvents()).isEmpty();
    }

    @Test
    void refusesToCancelAPayoutAProviderTookNamingThatRail() {
        fixture.given(requested(Rail.STANDARD), new PayoutQueuedEvent(PAYOUT, Mode.PRODUCTION, QUEUED_AT, "http",
                        PAYOUT.value() + "-0"))
                .when(new CancelPayoutCommand(PAYOUT, Mode.PRODUCTION, NOW))
                .expectException(InvalidStateException.class)
                .expectExceptionMessage("payout " + PAYOUT + " was sent out by the http rail under " + PAYOUT.value()
                        + "-0 and can no longer be canceled")
                .expectNoEvents();
    }

    @Test
    void stillCancelsAPayoutQueuedByARailThatNamesNoSubmission() {
        fixture.given(requested(Rail.STANDARD), new PayoutQueuedEvent(PAYOUT, Mode.PRODUCTION, QUEUED_AT,
                        "simulated", null))
                .when(new CancelPayoutCommand(PAYOUT, Mode.PRODUCTION, NOW))
                .expectEvents(new PayoutCanceledEvent(PAYOUT, Mode.PRODUCTION, DRIVER, AMOUNT, NOW));
    }

    @Test
    void failsAPayoutTheBankRejectedReleasingItsReservation() {
        fixture.given(requested(Rail.STANDARD), queuedAtTheBank())
                .when(new FailPayoutCommand(PAYOUT, "AC01 incorrect account number", NOW))
                .expectEvents(new PayoutFailedEvent(PAYOUT, Mode.PRODUCTION, DRIVER, AMOUNT,
                        "AC01 incorrect account number", NOW));

        assertThat(newWalletEvents()).containsExactly(new FundsReleasedEvent(WALLET, Mode.PRODUCTION, PAYOUT, AMOUNT,
                NOW));
    }

    @Test
    void recordsTheBankFileOfARetriedPayoutOnce() {
        List<Object> retried = retriedHistory();
        fixture.given(retried)
                .when(new QueuePayoutCommand(PAYOUT, NOW, "iso20022", "PO20250116-9"))
                .expectEvents(new PayoutQueuedEvent(PAYOUT, Mode.PRODUCTION, NOW, "iso20022", "PO20250116-9"));

        retried.add(new PayoutQueuedEvent(PAYOUT, Mode.PRODUCTION, NOW, "iso20022", "PO20250116-9"));
        fixture.given(retried)
                .when(new QueuePayoutCommand(PAYOUT, NOW, "iso20022", "PO20250116-10"))
                .expectException(InvalidStateException.class)
                .expectNoEvents();
    }

    @Test
    void refusesToQueueARetriedPayoutAgainWithoutAReference() {
        fixture.given(retriedHistory())
                .when(new QueuePayoutCommand(PAYOUT, NOW, "simulated", null))
                .expectException(InvalidStateException.class)
                .expectNoEvents();
    }

    @Test
    void cancelsARetriedPayoutUntilTheBankRailSubmitsIt() {
        fixture.given(retriedHistory())
                .when(new CancelPayoutCommand(PAYOUT, Mode.PRODUCTION, NOW))
                .expectEvents(new PayoutCanceledEvent(PAYOUT, Mode.PRODUCTION, DRIVER, AMOUNT, NOW));
    }

    // returned after completion

    @Test
    void endsAReturnedPayoutFailedAndCreditsItsWholeAmountBackToTheWallet() {
        fixture.given(completedHistory(Rail.INSTANT))
                .when(new ReturnPayoutCommand(PAYOUT, REASON, RETURN_CREDIT, NOW))
                .expectSuccessfulHandlerExecution()
                .expectEvents(new PayoutReturnedEvent(PAYOUT, Mode.PRODUCTION, DRIVER, AMOUNT, AMOUNT - FEE,
                        Rail.INSTANT, REASON, NOW));

        assertThat(newWalletEvents()).containsExactly(new ReturnedFundsCreditedEvent(WALLET, Mode.PRODUCTION,
                RETURN_CREDIT, PAYOUT, AMOUNT, REASON, NOW));
    }

    @Test
    void showsTheReturnAsTheFailureReason() {
        assertThat(new PayoutReturnedEvent(PAYOUT, Mode.PRODUCTION, DRIVER, AMOUNT, AMOUNT, Rail.STANDARD, REASON,
                NOW).failureReason()).isEqualTo("returned: AC04 closed account number");
    }

    @Test
    void refusesASecondReturnAndCreditsNothingMore() {
        List<Object> returned = completedHistory(Rail.STANDARD);
        returned.add(new PayoutReturnedEvent(PAYOUT, Mode.PRODUCTION, DRIVER, AMOUNT, AMOUNT, Rail.STANDARD, REASON,
                NOW));

        fixture.given(returned)
                .when(new ReturnPayoutCommand(PAYOUT, REASON, RETURN_CREDIT, NOW.plusSeconds(60)))
                .expectException(InvalidStateException.class)
                .expectNoEvents();

        assertThat(newWalletEvents()).isEmpty();
    }

    @Test
    void refusesToReturnAPayoutThatNeverCompleted() {
        fixture.given(requested(Rail.STANDARD), queuedAtTheBank(),
                        new PayoutProcessingStartedEvent(PAYOUT, Mode.PRODUCTION, QUEUED_AT))
                .when(new ReturnPayoutCommand(PAYOUT, REASON, RETURN_CREDIT, NOW))
                .expectException(InvalidStateException.class)
                .expectNoEvents();

        assertThat(newWalletEvents()).isEmpty();
    }

    @Test
    void refusesToReturnAFailedPayout() {
        fixture.given(requested(Rail.STANDARD), queuedAtTheBank(), new PayoutFailedEvent(PAYOUT, Mode.PRODUCTION,
                        DRIVER, AMOUNT, "AC01 incorrect account number", COMPLETED_AT))
                .when(new ReturnPayoutCommand(PAYOUT, REASON, RETURN_CREDIT, NOW))
                .expectException(InvalidStateException.class)
                .expectNoEvents();
    }

    @Test
    void treatsAReturnOfAPayoutThatNeverExistedAsAnUnknownPayout() {
        fixture.givenNoPriorActivity()
                .when(new ReturnPayoutCommand(PAYOUT, REASON, RETURN_CREDIT, NOW))
                .expectException(PayoutNotFoundException.class)
                .expectNoEvents();
    }

    @Test
    void letsAReturnedPayoutBeRetried() {
        List<Object> returned = completedHistory(Rail.STANDARD);
        returned.add(new PayoutReturnedEvent(PAYOUT, Mode.PRODUCTION, DRIVER, AMOUNT, AMOUNT, Rail.STANDARD, REASON,
                NOW));

        fixture.given(returned)
                .when(new AdmitPayoutsCommand(WALLET, List.of(), List.of(
                        new AdmitPayoutsCommand.PayoutRetry(PAYOUT, "req_3", "key_1")),
                        NOW.plusSeconds(60)))
                .expectEvents(new PayoutRetriedEvent(PAYOUT, Mode.PRODUCTION, AMOUNT, NOW.plusSeconds(60)));
    }

    // helpers

    private static PayoutRequestedEvent requested(Rail rail) {
        long fee = rail == Rail.INSTANT ? FEE : 0;
        return new PayoutRequestedEvent(PAYOUT, Mode.PRODUCTION, WALLET, DRIVER, AMOUNT, fee, AMOUNT - fee, rail,
                "week 3", "load-7", REQUESTED_AT);
    }

    private static PayoutQueuedEvent queuedAtTheBank() {
        return new PayoutQueuedEvent(PAYOUT, Mode.PRODUCTION, QUEUED_AT, "iso20022", FILE);
    }

    private static List<Object> completedHistory(Rail rail) {
        List<Object> history = new ArrayList<>();
        history.add(requested(rail));
        if (rail == Rail.STANDARD) {
            history.add(queuedAtTheBank());
        }
        long fee = rail == Rail.INSTANT ? FEE : 0;
        history.add(new PayoutCompletedEvent(PAYOUT, Mode.PRODUCTION, DRIVER, AMOUNT, AMOUNT - fee, COMPLETED_AT));
        return history;
    }

    private static List<Object> retriedHistory() {
        List<Object> history = new ArrayList<>(List.of(requested(Rail.STANDARD), queuedAtTheBank(),
                new PayoutFailedEvent(PAYOUT, Mode.PRODUCTION, DRIVER, AMOUNT, "AC01 incorrect account number",
                        COMPLETED_AT)));
        history.add(new PayoutRetriedEvent(PAYOUT, Mode.PRODUCTION, AMOUNT, COMPLETED_AT.plusSeconds(60)));
        return history;
    }

    /** The wallet was funded with twice {@code amount}, reserved it for the payout, and (if it completed) paid it. */
    private void fundWalletPaying(long amount) {
        List<Object> payloads = List.of(
                new WalletOpenedEvent(WALLET, Mode.PRODUCTION, FUNDED_AT),
                new TopUpRequestedEvent(WALLET, Mode.PRODUCTION, TOP_UP, 2 * amount, "float", "wire", FUNDED_AT),
                new TopUpSettledEvent(WALLET, Mode.PRODUCTION, TOP_UP, 2 * amount, "float", "usr_1", FUNDED_AT),
                new FundsReservedEvent(WALLET, Mode.PRODUCTION, List.of(new Reservation(PAYOUT, amount)),
                        REQUESTED_AT));
        List<EventMessage<?>> history = new ArrayList<>();
        for (int sequence = 0; sequence < payloads.size(); sequence++) {
            history.add(new GenericDomainEventMessage<>("Wallet", WALLET.value(), sequence, payloads.get(sequence)));
        }
        walletEvents.publish(history);
        walletHistoryLength = history.size();
    }

    private List<Object> newWalletEvents() {
        return walletEvents.readEvents(WALLET.value()).asStream()
                .skip(walletHistoryLength)
                .map(Message::getPayload)
                .map(Object.class::cast)
                .toList();
    }
}
