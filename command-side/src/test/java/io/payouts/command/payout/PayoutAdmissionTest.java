package io.payouts.command.payout;

import io.payouts.command.InMemoryCommandSide;
import io.payouts.command.InMemoryDriverStandings;
import io.payouts.shared.ErrorCode;
import io.payouts.shared.InvalidStateException;
import io.payouts.shared.MetadataKeys;
import io.payouts.shared.Mode;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.payout.AdmissionOutcome;
import io.payouts.shared.payout.AdmitPayoutsCommand;
import io.payouts.shared.payout.AdvancePayoutsCommand;
import io.payouts.shared.payout.CancelPayoutCommand;
import io.payouts.shared.payout.CompletePayoutCommand;
import io.payouts.shared.payout.FailPayoutCommand;
import io.payouts.shared.payout.PayoutCanceledEvent;
import io.payouts.shared.payout.PayoutCompletedEvent;
import io.payouts.shared.payout.PayoutFailedEvent;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.PayoutNotFoundException;
import io.payouts.shared.payout.PayoutProcessingStartedEvent;
import io.payouts.shared.payout.PayoutQueuedEvent;
import io.payouts.shared.payout.PayoutRequest;
import io.payouts.shared.payout.PayoutRequestedEvent;
import io.payouts.shared.payout.PayoutRetriedEvent;
import io.payouts.shared.payout.QueuePayoutCommand;
import io.payouts.shared.payout.Rail;
import io.payouts.shared.payout.StartPayoutProcessingCommand;
import io.payouts.shared.wallet.FundsReleasedEvent;
import io.payouts.shared.wallet.FundsReservedEvent;
import io.payouts.shared.wallet.RequestTopUpCommand;
import io.payouts.shared.wallet.Reservation;
import io.payouts.shared.wallet.ReserveFundsCommand;
import io.payouts.shared.wallet.SettleTopUpCommand;
import io.payouts.shared.wallet.TopUpMethod;
import io.payouts.shared.wallet.TopUpSettledEvent;
import io.payouts.shared.wallet.TransactionId;
import io.payouts.shared.wallet.WalletId;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventsourcing.eventstore.EmbeddedEventStore;
import org.axonframework.messaging.Message;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Admission and settlement span two aggregates (and admission creates several payouts at once; rail moves load
 * many), which one {@code AggregateTestFixture} cannot hold. So these run on Axon's in-memory infrastructure
 * ({@link InMemoryCommandSide}) with those handlers subscribed. Assertions read the stored events; the wallet's
 * available balance is probed through {@link ReserveFundsCommand}, the wallet's own rule.
 */
class PayoutAdmissionTest {

    private static final WalletId SANDBOX_WALLET = WalletId.of(Mode.SANDBOX);
    private static final WalletId PRODUCTION_WALLET = WalletId.of(Mode.PRODUCTION);

    private static final PayoutId FIRST = payoutId(1);
    private static final PayoutId SECOND = payoutId(2);
    private static final PayoutId THIRD = payoutId(3);
    private static final PayoutId FOURTH = payoutId(4);
    private static final PayoutId PROBE = payoutId(0xfff);

    private static final DriverId DRIVER = new DriverId("drv_" + "0".repeat(31) + "1");

    private static final Instant FUNDED_AT = Instant.parse("2025-01-15T08:00:00Z");
    private static final Instant ADMITTED_AT = Instant.parse("2025-01-15T09:00:00Z");
    private static final Instant MOVED_AT = Instant.parse("2025-01-15T09:00:10Z");
    private static final Instant ENDED_AT = Instant.parse("2025-01-15T09:00:30Z");
    private static final Instant RETRIED_AT = Instant.parse("2025-01-15T10:00:00Z");
    private static final Instant PROBED_AT = Instant.parse("2025-01-15T23:00:00Z");

    private static final DriverId INACTIVE_DRIVER = new DriverId("drv_" + "0".repeat(31) + "2");
    private static final DriverId UNKNOWN_DRIVER = new DriverId("drv_" + "0".repeat(31) + "3");
    private static final DriverId SECOND_MODE_DRIVER = new DriverId("drv_" + "0".repeat(31) + "4");

    private EmbeddedEventStore eventStore;
    private CommandGateway commands;
    private InMemoryDriverStandings drivers;
    private int topUps;

    @BeforeEach
    void setUp() {
        InMemoryCommandSide side = new InMemoryCommandSide();
        drivers = side.drivers.payable(DRIVER, Mode.SANDBOX).payable(DRIVER, Mode.PRODUCTION)
                .payable(INACTIVE_DRIVER, Mode.SANDBOX).deactivated(INACTIVE_DRIVER, Mode.SANDBOX);
        side.with(new PayoutAdmission(side.wallets, side.payouts, side.drivers))
                .with(new PayoutSettlement(side.wallets, side.payouts))
                .with(new PayoutRailMoves(side.payouts));
        eventStore = side.eventStore;
        commands = side.commands;
    }

    @AfterEach
    void tearDown() {
        eventStore.shutDown();
    }

    // admission

    @Test
    void reservesInOrderAndCreatesPayoutsOnlyForTheGrantedOnes() {
        fund(Mode.SANDBOX, 10_000);

        AdmissionOutcome.Outcomes outcomes = admit(SANDBOX_WALLET,
                request(FIRST, 4_000), request(SECOND, 7_000), request(THIRD, 5_000), request(FOURTH, 1_000));

        assertThat(outcomes.outcomes()).extracting(AdmissionOutcome::payoutId)
                .containsExactly(FIRST, SECOND, THIRD, FOURTH);
        assertThat(outcomes.get(0).admitted()).isTrue();
        assertThat(outcomes.get(1).refusal().code()).isEqualTo(ErrorCode.INSUFFICIENT_FUNDS);
        assertThat(outcomes.get(2).admitted()).isTrue();
        assertThat(outcomes.get(3).admitted()).isTrue();
        assertThat(walletEvents(SANDBOX_WALLET, FundsReservedEvent.class)).containsExactly(
                new FundsReservedEvent(SANDBOX_WALLET, Mode.SANDBOX, List.of(new Reservation(FIRST, 4_000),
                        new Reservation(THIRD, 5_000), new Reservation(FOURTH, 1_000)), ADMITTED_AT));
        assertThat(payoutEvents(FIRST)).containsExactly(requested(FIRST, 4_000));
        assertThat(payoutEvents(SECOND)).isEmpty();
        assertThat(payoutEvents(THIRD)).containsExactly(requested(THIRD, 5_000));
        assertThat(payoutEvents(FOURTH)).containsExactly(requested(FOURTH, 1_000));
        assertAvailable(SANDBOX_WALLET, 0);
    }

    @Test
    void carriesEachNewPayoutsOwnRequestIdAndCallerAsAuditMetadata() {
        fund(Mode.SANDBOX, 10_000);

        admit(SANDBOX_WALLET, request(FIRST, 4_000), request(SECOND, 5_000));

        assertThat(eventStore.readEvents(FIRST.value()).asStream().map(Message::getMetaData).toList())
                .singleElement()
                .satisfies(metaData -> assertThat(metaData).containsEntry(MetadataKeys.MODE, "sandbox")
                        .containsEntry(MetadataKeys.REQUEST_ID, "req_" + FIRST.value())
                        .containsEntry(MetadataKeys.CALLER, "key_dispatch"));
        assertThat(eventStore.readEvents(SECOND.value()).asStream().map(Message::getMetaData).toList())
                .singleElement()
                .satisfies(metaData -> assertThat(metaData).containsEntry(MetadataKeys.REQUEST_ID,
                        "req_" + SECOND.value()));
    }

    @Test
    void refusesAPayoutBeyondTheBalanceWithInsufficientFundsAndReservesNothingForIt() {
        fund(Mode.SANDBOX, 5_000);

        AdmissionOutcome outcome = admit(SANDBOX_WALLET, request(FIRST, 5_001)).get(0);

        assertThat(outcome.admitted()).isFalse();
        assertThat(outcome.refusal().code()).isEqualTo(ErrorCode.INSUFFICIENT_FUNDS);
        assertThat(outcome.refusal().details()).containsKey("amount");
        assertThat(walletEvents(SANDBOX_WALLET, FundsReservedEvent.class)).isEmpty();
        assertThat(payoutEvents(FIRST)).isEmpty();
        assertAvailable(SANDBOX_WALLET, 5_000);
    }

    @Test
    void admitsAPayoutOfExactlyTheAvailableBalance() {
        fund(Mode.SANDBOX, 5_000);

        AdmissionOutcome outcome = admit(SANDBOX_WALLET, request(FIRST, 5_000)).get(0);

        assertThat(outcome.admitted()).isTrue();
        assertThat(payoutEvents(FIRST)).containsExactly(requested(FIRST, 5_000));
        assertAvailable(SANDBOX_WALLET, 0);
    }

    @Test
    void refusesEveryPayoutOfAWalletThatWasNeverFunded() {
        AdmissionOutcome.Outcomes outcomes = admit(SANDBOX_WALLET, request(FIRST, 1), request(SECOND, 2_000));

        assertThat(outcomes.outcomes()).hasSize(2).allSatisfy(outcome ->
                assertThat(outcome.refusal().code()).isEqualTo(ErrorCode.INSUFFICIENT_FUNDS));
        assertThat(eventStore.readEvents(SANDBOX_WALLET.value()).asStream()).isEmpty();
        assertThat(payoutEvents(FIRST)).isEmpty();
        assertThat(payoutEvents(SECOND)).isEmpty();
    }

    @Test
    void refusesPayoutsAgainstATopUpThatHasNotSettled() {
        commands.sendAndWait(new RequestTopUpCommand(SANDBOX_WALLET, Mode.SANDBOX, transactionId(1), 50_000, "float",
                TopUpMethod.ACH, FUNDED_AT));

        AdmissionOutcome outcome = admit(SANDBOX_WALLET, request(FIRST, 1)).get(0);

        assertThat(outcome.refusal().code()).isEqualTo(ErrorCode.INSUFFICIENT_FUNDS);
        assertThat(walletEvents(SANDBOX_WALLET, FundsReservedEvent.class)).isEmpty();
        assertThat(payoutEvents(FIRST)).isEmpty();
    }

    @Test
    void spendsOnlyTheWalletOfTheAdmissionsMode() {
        fund(Mode.SANDBOX, 10_000);

        AdmissionOutcome outcome = admit(PRODUCTION_WALLET, request(FIRST, 1_000)).get(0);

        assertThat(outcome.refusal().code()).isEqualTo(ErrorCode.INSUFFICIENT_FUNDS);
        assertThat(payoutEvents(FIRST)).isEmpty();
        assertAvailable(SANDBOX_WALLET, 10_000);
    }

    // who may be paid (issue #11)

    @Test
    void refusesAPayoutToADriverWhoIsNotPayableAndReservesNothingForIt() {
        fund(Mode.SANDBOX, 10_000);

        AdmissionOutcome outcome = admit(SANDBOX_WALLET, request(FIRST, 1_000, INACTIVE_DRIVER, Rail.STANDARD))
                .get(0);

        assertThat(outcome.refusal().code()).isEqualTo(ErrorCode.DRIVER_NOT_PAYABLE);
        assertThat(outcome.refusal().message()).contains("inactive");
        assertThat(payoutEvents(FIRST)).isEmpty();
        assertThat(walletEvents(SANDBOX_WALLET, FundsReservedEvent.class)).isEmpty();
        assertAvailable(SANDBOX_WALLET, 10_000);
    }

    @Test
    void refusesAnInstantPayoutToADriverWhoIsNotPayable() {
        fund(Mode.SANDBOX, 10_000);

        AdmissionOutcome outcome = admit(SANDBOX_WALLET, request(FIRST, 1_000, INACTIVE_DRIVER, Rail.INSTANT))
                .get(0);

        assertThat(outcome.refusal().code()).isEqualTo(ErrorCode.DRIVER_NOT_PAYABLE);
        assertThat(payoutEvents(FIRST)).isEmpty();
    }

    @Test
    void refusesAPayoutToADriverOfAnotherModeOrNoneAsNotFound() {
        fund(Mode.SANDBOX, 10_000);
        drivers.payable(SECOND_MODE_DRIVER, Mode.PRODUCTION);

        AdmissionOutcome.Outcomes outcomes = admit(SANDBOX_WALLET,
                request(FIRST, 1_000, UNKNOWN_DRIVER, Rail.STANDARD),
                request(SECOND, 1_000, SECOND_MODE_DRIVER, Rail.STANDARD));

        assertThat(outcomes.outcomes()).allSatisfy(outcome ->
                assertThat(outcome.refusal().code()).isEqualTo(ErrorCode.NOT_FOUND));
        assertThat(payoutEvents(FIRST)).isEmpty();
        assertThat(payoutEvents(SECOND)).isEmpty();
    }

    @Test
    void paysTheOtherPayoutsOfABulkWhenOneDriverIsNotPayable() {
        fund(Mode.SANDBOX, 10_000);

        AdmissionOutcome.Outcomes outcomes = admit(SANDBOX_WALLET, request(FIRST, 1_000),
                request(SECOND, 1_000, INACTIVE_DRIVER, Rail.STANDARD), request(THIRD, 2_000));

        assertThat(outcomes.get(0).admitted()).isTrue();
        assertThat(outcomes.get(1).refusal().code()).isEqualTo(ErrorCode.DRIVER_NOT_PAYABLE);
        assertThat(outcomes.get(2).admitted()).isTrue();
        assertThat(walletEvents(SANDBOX_WALLET, FundsReservedEvent.class)).containsExactly(
                new FundsReservedEvent(SANDBOX_WALLET, Mode.SANDBOX, List.of(new Reservation(FIRST, 1_000),
                        new Reservation(THIRD, 2_000)), ADMITTED_AT));
        assertAvailable(SANDBOX_WALLET, 7_000);
    }

    @Test
    void refusesToRetryAPayoutWhoseDriverIsNoLongerPayable() {
        fund(Mode.SANDBOX, 10_000);
        admit(SANDBOX_WALLET, request(FIRST, 4_000));
        commands.sendAndWait(new FailPayoutCommand(FIRST, "account closed", ENDED_AT));
        drivers.deactivated(DRIVER, Mode.SANDBOX);

        AdmissionOutcome outcome = retry(SANDBOX_WALLET, FIRST).get(0);

        assertThat(outcome.refusal().code()).isEqualTo(ErrorCode.DRIVER_NOT_PAYABLE);
        assertThat(payoutEvents(FIRST)).last().isInstanceOf(PayoutFailedEvent.class);
        assertAvailable(SANDBOX_WALLET, 10_000);
    }

    // retry

    @Test
    void retriesAFailedPayoutByReservingItsAmountAgain() {
        fund(Mode.SANDBOX, 10_000);
        admit(SANDBOX_WALLET, request(FIRST, 4_000));
        commands.sendAndWait(new FailPayoutCommand(FIRST, "account closed", ENDED_AT));

        AdmissionOutcome outcome = retry(SANDBOX_WALLET, FIRST).get(0);

        assertThat(outcome.admitted()).isTrue();
        assertThat(payoutEvents(FIRST)).last()
                .isEqualTo(new PayoutRetriedEvent(FIRST, Mode.SANDBOX, 4_000, RETRIED_AT));
        List<Reservation> reservedForFirst = List.of(new Reservation(FIRST, 4_000));
        assertThat(walletEvents(SANDBOX_WALLET, FundsReservedEvent.class)).containsExactly(
                new FundsReservedEvent(SANDBOX_WALLET, Mode.SANDBOX, reservedForFirst, ADMITTED_AT),
                new FundsReservedEvent(SANDBOX_WALLET, Mode.SANDBOX, reservedForFirst, RETRIED_AT));
        assertAvailable(SANDBOX_WALLET, 6_000);
    }

    @Test
    void retriesAPayoutNamedTwiceInOneBatchOnceAndRefusesTheSecondRetryWithoutFailingTheRestOfTheBatch() {
        fund(Mode.SANDBOX, 10_000);
        admit(SANDBOX_WALLET, request(FIRST, 4_000));
        commands.sendAndWait(new FailPayoutCommand(FIRST, "account closed", ENDED_AT));
        AdmitPayoutsCommand.PayoutRetry retry = new AdmitPayoutsCommand.PayoutRetry(FIRST, "req_retry", "key_retry");

        AdmissionOutcome.Outcomes batch = commands.sendAndWait(new AdmitPayoutsCommand(SANDBOX_WALLET,
                List.of(request(SECOND, 1_000)), List.of(retry, retry), RETRIED_AT));

        assertThat(batch.get(0).payoutId()).isEqualTo(SECOND);
        assertThat(batch.get(0).admitted()).isTrue();
        assertThat(batch.get(1).payoutId()).isEqualTo(FIRST);
        assertThat(batch.get(1).admitted()).isTrue();
        assertThat(batch.get(2).payoutId()).isEqualTo(FIRST);
        assertThat(batch.get(2).refusal().code()).isEqualTo(ErrorCode.INVALID_STATE);
        assertThat(payoutEvents(FIRST).stream().filter(PayoutRetriedEvent.class::isInstance)).hasSize(1);
        assertAvailable(SANDBOX_WALLET, 5_000);
    }

    @Test
    void queuesARetriedPayoutSoTheRailCanProcessAndCompleteIt() {
        fund(Mode.SANDBOX, 10_000);
        admit(SANDBOX_WALLET, request(FIRST, 4_000));
        commands.sendAndWait(new FailPayoutCommand(FIRST, "account closed", ENDED_AT));
        retry(SANDBOX_WALLET, FIRST);

        assertThatThrownBy(() -> commands.sendAndWait(new QueuePayoutCommand(FIRST, RETRIED_AT)))
                .isInstanceOf(InvalidStateException.class);
        commands.sendAndWait(new StartPayoutProcessingCommand(FIRST, RETRIED_AT));
        commands.sendAndWait(new CompletePayoutCommand(FIRST, RETRIED_AT));

        assertAvailable(SANDBOX_WALLET, 6_000);
    }

    @Test
    void refusesARetryTheWalletCannotCoverAndLeavesThePayoutFailed() {
        fund(Mode.SANDBOX, 5_000);
        admit(SANDBOX_WALLET, request(FIRST, 5_000));
        commands.sendAndWait(new FailPayoutCommand(FIRST, "account closed", ENDED_AT));
        admit(SANDBOX_WALLET, request(SECOND, 3_000));
        int reservationsBefore = walletEvents(SANDBOX_WALLET, FundsReservedEvent.class).size();

        AdmissionOutcome refused = retry(SANDBOX_WALLET, FIRST).get(0);

        assertThat(refused.refusal().code()).isEqualTo(ErrorCode.INSUFFICIENT_FUNDS);
        assertThat(payoutEvents(FIRST)).last().isInstanceOf(PayoutFailedEvent.class);
        assertThat(walletEvents(SANDBOX_WALLET, FundsReservedEvent.class)).hasSize(reservationsBefore);

        fund(Mode.SANDBOX, 3_000);
        assertThat(retry(SANDBOX_WALLET, FIRST).get(0).admitted()).isTrue();
        assertAvailable(SANDBOX_WALLET, 0);
    }

    @Test
    void refusesToRetryAValidatedPayoutAndReservesNothing() {
        fund(Mode.SANDBOX, 10_000);
        admit(SANDBOX_WALLET, request(FIRST, 4_000));

        AdmissionOutcome outcome = retry(SANDBOX_WALLET, FIRST).get(0);

        assertThat(outcome.refusal().code()).isEqualTo(ErrorCode.INVALID_STATE);
        assertThat(payoutEvents(FIRST)).containsExactly(requested(FIRST, 4_000));
        assertThat(walletEvents(SANDBOX_WALLET, FundsReservedEvent.class)).hasSize(1);
        assertAvailable(SANDBOX_WALLET, 6_000);
    }

    @Test
    void refusesToRetryACompletedPayoutAndReservesNothing() {
        fund(Mode.SANDBOX, 10_000);
        admit(SANDBOX_WALLET, request(FIRST, 4_000));
        commands.sendAndWait(new QueuePayoutCommand(FIRST, MOVED_AT));
        commands.sendAndWait(new CompletePayoutCommand(FIRST, ENDED_AT));

        AdmissionOutcome outcome = retry(SANDBOX_WALLET, FIRST).get(0);

        assertThat(outcome.refusal().code()).isEqualTo(ErrorCode.INVALID_STATE);
        assertThat(walletEvents(SANDBOX_WALLET, FundsReservedEvent.class)).hasSize(1);
        assertAvailable(SANDBOX_WALLET, 6_000);
    }

    @Test
    void treatsARetryOfAPayoutOfTheOtherModesWalletAsNotFound() {
        fund(Mode.SANDBOX, 10_000);
        fund(Mode.PRODUCTION, 10_000);
        admit(SANDBOX_WALLET, request(FIRST, 4_000));
        commands.sendAndWait(new FailPayoutCommand(FIRST, "account closed", ENDED_AT));

        AdmissionOutcome outcome = retry(PRODUCTION_WALLET, FIRST).get(0);

        assertThat(outcome.refusal().code()).isEqualTo(ErrorCode.NOT_FOUND);
        assertThat(payoutEvents(FIRST)).last().isInstanceOf(PayoutFailedEvent.class);
        assertThat(walletEvents(PRODUCTION_WALLET, FundsReservedEvent.class)).isEmpty();
        assertAvailable(PRODUCTION_WALLET, 10_000);
        assertAvailable(SANDBOX_WALLET, 10_000);
    }

    @Test
    void treatsARetryOfAPayoutThatNeverExistedAsNotFound() {
        fund(Mode.SANDBOX, 10_000);

        AdmissionOutcome outcome = retry(SANDBOX_WALLET, FIRST).get(0);

        assertThat(outcome.refusal().code()).isEqualTo(ErrorCode.NOT_FOUND);
        assertThat(payoutEvents(FIRST)).isEmpty();
        assertAvailable(SANDBOX_WALLET, 10_000);
    }

    @Test
    void admitsARetryAndNewPayoutsInOneAdmissionWhileRefusingTheOnesThatDoNotFit() {
        fund(Mode.SANDBOX, 10_000);
        admit(SANDBOX_WALLET, request(FIRST, 4_000));
        commands.sendAndWait(new FailPayoutCommand(FIRST, "account closed", ENDED_AT));
        admit(SANDBOX_WALLET, request(SECOND, 5_000));

        AdmissionOutcome.Outcomes outcomes = commands.sendAndWait(new AdmitPayoutsCommand(SANDBOX_WALLET,
                List.of(request(THIRD, 2_000), request(FOURTH, 1_000)),
                List.of(new AdmitPayoutsCommand.PayoutRetry(FIRST, "req_retry", "key_dispatch")), RETRIED_AT));

        assertThat(outcomes.get(2).payoutId()).isEqualTo(FIRST);
        assertThat(outcomes.get(2).admitted()).isTrue();
        assertThat(outcomes.get(0).refusal().code()).isEqualTo(ErrorCode.INSUFFICIENT_FUNDS);
        assertThat(outcomes.get(1).admitted()).isTrue();
        assertThat(payoutEvents(FIRST)).last().isInstanceOf(PayoutRetriedEvent.class);
        assertThat(payoutEvents(THIRD)).isEmpty();
        assertThat(payoutEvents(FOURTH)).containsExactly(requested(FOURTH, 1_000));
        assertAvailable(SANDBOX_WALLET, 0);
    }

    // cancel and failure

    @Test
    void cancelsAValidatedPayoutReleasingTheAmountItReserved() {
        fund(Mode.SANDBOX, 10_000);
        admit(SANDBOX_WALLET, request(FIRST, 4_000));

        commands.sendAndWait(new CancelPayoutCommand(FIRST, Mode.SANDBOX, ENDED_AT));

        assertThat(payoutEvents(FIRST)).last()
                .isEqualTo(new PayoutCanceledEvent(FIRST, Mode.SANDBOX, DRIVER, 4_000, ENDED_AT));
        assertThat(walletEvents(SANDBOX_WALLET, FundsReleasedEvent.class)).containsExactly(
                new FundsReleasedEvent(SANDBOX_WALLET, Mode.SANDBOX, FIRST, 4_000, ENDED_AT));
        assertAvailable(SANDBOX_WALLET, 10_000);
    }

    @Test
    void cancelsAQueuedPayoutReleasingTheAmountItReserved() {
        fund(Mode.SANDBOX, 10_000);
        admit(SANDBOX_WALLET, request(FIRST, 4_000));
        commands.sendAndWait(new QueuePayoutCommand(FIRST, MOVED_AT));

        commands.sendAndWait(new CancelPayoutCommand(FIRST, Mode.SANDBOX, ENDED_AT));

        assertThat(walletEvents(SANDBOX_WALLET, FundsReleasedEvent.class)).containsExactly(
                new FundsReleasedEvent(SANDBOX_WALLET, Mode.SANDBOX, FIRST, 4_000, ENDED_AT));
        assertAvailable(SANDBOX_WALLET, 10_000);
    }

    @Test
    void refusesToCancelAProcessingPayoutAndReleasesNothing() {
        fund(Mode.SANDBOX, 10_000);
        admit(SANDBOX_WALLET, request(FIRST, 4_000));
        commands.sendAndWait(new QueuePayoutCommand(FIRST, MOVED_AT));
        commands.sendAndWait(new StartPayoutProcessingCommand(FIRST, MOVED_AT));

        assertThatThrownBy(() -> commands.sendAndWait(new CancelPayoutCommand(FIRST, Mode.SANDBOX, ENDED_AT)))
                .isInstanceOf(InvalidStateException.class);

        assertThat(payoutEvents(FIRST)).noneMatch(PayoutCanceledEvent.class::isInstance);
        assertThat(walletEvents(SANDBOX_WALLET, FundsReleasedEvent.class)).isEmpty();
        assertAvailable(SANDBOX_WALLET, 6_000);
    }

    @Test
    void refusesToCancelACompletedPayoutAndReleasesNothing() {
        fund(Mode.SANDBOX, 10_000);
        admit(SANDBOX_WALLET, request(FIRST, 4_000));
        commands.sendAndWait(new QueuePayoutCommand(FIRST, MOVED_AT));
        commands.sendAndWait(new CompletePayoutCommand(FIRST, ENDED_AT));

        assertThatThrownBy(() -> commands.sendAndWait(new CancelPayoutCommand(FIRST, Mode.SANDBOX, RETRIED_AT)))
                .isInstanceOf(InvalidStateException.class);

        assertThat(walletEvents(SANDBOX_WALLET, FundsReleasedEvent.class)).isEmpty();
        assertAvailable(SANDBOX_WALLET, 6_000);
    }

    @Test
    void treatsACancelInTheOtherModeAsNotFoundAndReleasesNothing() {
        fund(Mode.SANDBOX, 10_000);
        fund(Mode.PRODUCTION, 10_000);
        admit(SANDBOX_WALLET, request(FIRST, 4_000));

        assertThatThrownBy(() -> commands.sendAndWait(new CancelPayoutCommand(FIRST, Mode.PRODUCTION, ENDED_AT)))
                .isInstanceOf(PayoutNotFoundException.class);

        assertThat(payoutEvents(FIRST)).containsExactly(requested(FIRST, 4_000));
        assertThat(walletEvents(SANDBOX_WALLET, FundsReleasedEvent.class)).isEmpty();
        assertThat(walletEvents(PRODUCTION_WALLET, FundsReleasedEvent.class)).isEmpty();
        assertAvailable(SANDBOX_WALLET, 6_000);
        assertAvailable(PRODUCTION_WALLET, 10_000);
    }

    @Test
    void releasesTheFundsOfAProcessingPayoutThatFails() {
        fund(Mode.SANDBOX, 10_000);
        admit(SANDBOX_WALLET, request(FIRST, 4_000));
        commands.sendAndWait(new QueuePayoutCommand(FIRST, MOVED_AT));
        commands.sendAndWait(new StartPayoutProcessingCommand(FIRST, MOVED_AT));

        commands.sendAndWait(new FailPayoutCommand(FIRST, "account closed", ENDED_AT));

        assertThat(payoutEvents(FIRST)).last()
                .isEqualTo(new PayoutFailedEvent(FIRST, Mode.SANDBOX, DRIVER, 4_000, "account closed", ENDED_AT));
        assertThat(walletEvents(SANDBOX_WALLET, FundsReleasedEvent.class)).containsExactly(
                new FundsReleasedEvent(SANDBOX_WALLET, Mode.SANDBOX, FIRST, 4_000, ENDED_AT));
        assertAvailable(SANDBOX_WALLET, 10_000);
    }

    @Test
    void releasesNothingWhenAFailedPayoutIsReportedFailedAgain() {
        fund(Mode.SANDBOX, 10_000);
        admit(SANDBOX_WALLET, request(FIRST, 4_000));
        commands.sendAndWait(new FailPayoutCommand(FIRST, "account closed", ENDED_AT));

        assertThatThrownBy(() -> commands.sendAndWait(new FailPayoutCommand(FIRST, "account closed", RETRIED_AT)))
                .isInstanceOf(InvalidStateException.class);

        assertThat(walletEvents(SANDBOX_WALLET, FundsReleasedEvent.class)).hasSize(1);
        assertAvailable(SANDBOX_WALLET, 10_000);
    }

    // the balance over a whole scenario

    @Test
    void keepsAvailableEqualToSettledTopUpsMinusReservationsPlusReleases() {
        fund(Mode.SANDBOX, 10_000);
        fund(Mode.SANDBOX, 5_000);
        commands.sendAndWait(new RequestTopUpCommand(SANDBOX_WALLET, Mode.SANDBOX, transactionId(99), 3_000, "float",
                TopUpMethod.ACH, FUNDED_AT));
        admit(SANDBOX_WALLET, request(FIRST, 4_000), request(SECOND, 6_000), request(THIRD, 2_000),
                request(FOURTH, 9_000));
        commands.sendAndWait(new CancelPayoutCommand(FIRST, Mode.SANDBOX, ENDED_AT));
        commands.sendAndWait(new QueuePayoutCommand(SECOND, MOVED_AT));
        commands.sendAndWait(new StartPayoutProcessingCommand(SECOND, MOVED_AT));
        commands.sendAndWait(new FailPayoutCommand(SECOND, "account closed", ENDED_AT));
        commands.sendAndWait(new QueuePayoutCommand(THIRD, MOVED_AT));
        commands.sendAndWait(new CompletePayoutCommand(THIRD, ENDED_AT));
        retry(SANDBOX_WALLET, SECOND);

        long settled = walletEvents(SANDBOX_WALLET, TopUpSettledEvent.class).stream()
                .mapToLong(TopUpSettledEvent::amount).sum();
        long reserved = walletEvents(SANDBOX_WALLET, FundsReservedEvent.class).stream()
                .flatMap(event -> event.reservations().stream()).mapToLong(Reservation::amount).sum();
        long released = walletEvents(SANDBOX_WALLET, FundsReleasedEvent.class).stream()
                .mapToLong(FundsReleasedEvent::amount).sum();
        assertThat(settled).isEqualTo(15_000);
        assertThat(reserved).isEqualTo(4_000 + 6_000 + 2_000 + 6_000);
        assertThat(released).isEqualTo(4_000 + 6_000);
        assertThat(settled - reserved + released).isEqualTo(7_000);
        assertAvailable(SANDBOX_WALLET, 7_000);
    }

    // rail moves in batches

    @Test
    void railMovesOfManyPayoutsAreMadeInOneCommand() {
        fund(Mode.SANDBOX, 10_000);
        admit(SANDBOX_WALLET, request(FIRST, 4_000), request(SECOND, 5_000));

        AdvancePayoutsCommand.Result queued = advance(AdvancePayoutsCommand.Step.QUEUE, FIRST, SECOND);
        AdvancePayoutsCommand.Result processing = advance(AdvancePayoutsCommand.Step.START_PROCESSING, FIRST, SECOND);
        AdvancePayoutsCommand.Result completed = advance(AdvancePayoutsCommand.Step.COMPLETE, FIRST);

        assertThat(queued.refusals()).isEmpty();
        assertThat(processing.refusals()).isEmpty();
        assertThat(completed.refusals()).isEmpty();
        assertThat(payoutEvents(FIRST)).extracting(Object::getClass).containsExactly(PayoutRequestedEvent.class,
                PayoutQueuedEvent.class, PayoutProcessingStartedEvent.class, PayoutCompletedEvent.class);
        assertThat(payoutEvents(SECOND)).extracting(Object::getClass).containsExactly(PayoutRequestedEvent.class,
                PayoutQueuedEvent.class, PayoutProcessingStartedEvent.class);
    }

    @Test
    void aRailMoveAPayoutRefusesIsReportedAndTheOthersAreStillMade() {
        fund(Mode.SANDBOX, 10_000);
        admit(SANDBOX_WALLET, request(FIRST, 4_000), request(SECOND, 5_000));
        advance(AdvancePayoutsCommand.Step.QUEUE, SECOND);

        AdvancePayoutsCommand.Result result = advance(AdvancePayoutsCommand.Step.QUEUE, SECOND, THIRD, FIRST);

        assertThat(result.refusals()).containsOnlyKeys(SECOND, THIRD);
        assertThat(result.refusals().get(SECOND).code()).isEqualTo(ErrorCode.INVALID_STATE);
        assertThat(result.refusals().get(THIRD).code()).isEqualTo(ErrorCode.NOT_FOUND);
        assertThat(payoutEvents(FIRST)).extracting(Object::getClass)
                .containsExactly(PayoutRequestedEvent.class, PayoutQueuedEvent.class);
        assertThat(payoutEvents(SECOND)).extracting(Object::getClass)
                .containsExactly(PayoutRequestedEvent.class, PayoutQueuedEvent.class);
    }

    @Test
    void aRailStepPlannedBeforeThePayoutMovedOnIsRefusedAsOutOfDate() {
        fund(Mode.SANDBOX, 10_000);
        admit(SANDBOX_WALLET, request(FIRST, 4_000));
        long plannedAt = eventStore.lastSequenceNumberFor(FIRST.value()).orElseThrow();
        advance(AdvancePayoutsCommand.Step.QUEUE, FIRST);

        AdvancePayoutsCommand.Result stale = commands.sendAndWait(new AdvancePayoutsCommand(Mode.SANDBOX, List.of(
                new AdvancePayoutsCommand.Move(FIRST, AdvancePayoutsCommand.Step.COMPLETE, MOVED_AT, plannedAt))));

        assertThat(stale.refusals().get(FIRST).code()).isEqualTo(ErrorCode.INVALID_STATE);
        assertThat(stale.refusals().get(FIRST).message()).contains("moved on");
        assertThat(payoutEvents(FIRST)).extracting(Object::getClass)
                .containsExactly(PayoutRequestedEvent.class, PayoutQueuedEvent.class);
    }

    // helpers

    private static PayoutId payoutId(int n) {
        return new PayoutId(String.format("pay_%032x", n));
    }

    private static TransactionId transactionId(int n) {
        return new TransactionId(String.format("txn_%032x", n));
    }

    private static PayoutRequest request(PayoutId payoutId, long amount) {
        return request(payoutId, amount, DRIVER, Rail.STANDARD);
    }

    private static PayoutRequest request(PayoutId payoutId, long amount, DriverId driver, Rail rail) {
        long fee = rail == Rail.INSTANT ? 50 : 0;
        return new PayoutRequest(payoutId, Mode.SANDBOX, driver, amount, fee, rail, "week 3", null, null,
                "req_" + payoutId.value(), "key_dispatch", ADMITTED_AT);
    }

    private static PayoutRequestedEvent requested(PayoutId payoutId, long amount) {
        return new PayoutRequestedEvent(payoutId, Mode.SANDBOX, SANDBOX_WALLET, DRIVER, amount, 0, amount,
                Rail.STANDARD, "week 3", null, ADMITTED_AT);
    }

    /** Requests and settles a top-up of {@code amount} in the mode's wallet. */
    private void fund(Mode mode, long amount) {
        TransactionId transactionId = transactionId(++topUps);
        WalletId walletId = WalletId.of(mode);
        commands.sendAndWait(new RequestTopUpCommand(walletId, mode, transactionId, amount, "float", TopUpMethod.ACH, FUNDED_AT));
        commands.sendAndWait(new SettleTopUpCommand(walletId, transactionId, "automatic", FUNDED_AT));
    }

    private AdmissionOutcome.Outcomes admit(WalletId walletId, PayoutRequest... requests) {
        return commands.sendAndWait(new AdmitPayoutsCommand(walletId, List.of(requests), List.of(), ADMITTED_AT));
    }

    private AdmissionOutcome.Outcomes retry(WalletId walletId, PayoutId payoutId) {
        return commands.sendAndWait(new AdmitPayoutsCommand(walletId, List.of(),
                List.of(new AdmitPayoutsCommand.PayoutRetry(payoutId, "req_retry", "key_dispatch")), RETRIED_AT));
    }

    /** Moves planned from each payout's newest event, as the rail plans them. */
    private AdvancePayoutsCommand.Result advance(AdvancePayoutsCommand.Step step, PayoutId... payoutIds) {
        return commands.sendAndWait(new AdvancePayoutsCommand(Mode.SANDBOX, Arrays.stream(payoutIds)
                .map(id -> new AdvancePayoutsCommand.Move(id, step, MOVED_AT,
                        eventStore.lastSequenceNumberFor(id.value()).orElse(-1L))).toList()));
    }

    private List<Object> payoutEvents(PayoutId payoutId) {
        return eventStore.readEvents(payoutId.value()).asStream()
                .map(DomainEventMessage::getPayload).map(Object.class::cast).toList();
    }

    private <E> List<E> walletEvents(WalletId walletId, Class<E> type) {
        return eventStore.readEvents(walletId.value()).asStream()
                .map(DomainEventMessage::getPayload).filter(type::isInstance).map(type::cast).toList();
    }

    /**
     * Asks the wallet itself: one cent more than {@code expected} is refused, {@code expected} is granted. Reserves
     * funds, so it ends a scenario.
     */
    private void assertAvailable(WalletId walletId, long expected) {
        List<Reservation> tooMuch = commands.<ReserveFundsCommand.Result>sendAndWait(new ReserveFundsCommand(walletId,
                List.of(new Reservation(PROBE, expected + 1)), PROBED_AT)).granted();
        assertThat(tooMuch).as("reserving one cent more than %d", expected).isEmpty();
        if (expected > 0) {
            List<Reservation> exactly = commands.<ReserveFundsCommand.Result>sendAndWait(new ReserveFundsCommand(
                    walletId, List.of(new Reservation(PROBE, expected)), PROBED_AT)).granted();
            assertThat(exactly).as("reserving exactly %d", expected).containsExactly(new Reservation(PROBE, expected));
        }
    }
}
