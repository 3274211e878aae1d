package io.payouts.command.wallet;

import io.payouts.shared.Mode;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.wallet.FundsReleasedEvent;
import io.payouts.shared.wallet.FundsReservedEvent;
import io.payouts.shared.wallet.RequestTopUpCommand;
import io.payouts.shared.wallet.TopUpMethod;
import io.payouts.shared.wallet.Reservation;
import io.payouts.shared.wallet.ReserveFundsCommand;
import io.payouts.shared.wallet.ResetSandboxCommand;
import io.payouts.shared.wallet.SandboxResetEvent;
import io.payouts.shared.wallet.SettleTopUpCommand;
import io.payouts.shared.wallet.ReturnedFundsCreditedEvent;
import io.payouts.shared.wallet.TopUpAmountMismatchException;
import io.payouts.shared.wallet.TopUpNotPendingException;
import io.payouts.shared.wallet.TopUpRequestedEvent;
import io.payouts.shared.wallet.TopUpSettledEvent;
import io.payouts.shared.wallet.TopUpSettlement;
import io.payouts.shared.wallet.TransactionId;
import io.payouts.shared.wallet.WalletId;
import io.payouts.shared.wallet.WalletOpenedEvent;
import org.axonframework.modelling.command.AggregateNotFoundException;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.axonframework.test.aggregate.FixtureConfiguration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * The wallet's rules. {@code @Aggregate(cache = ..., snapshotTriggerDefinition = ...)} names Spring beans; the fixture
 * builds its own repository and ignores both, so the rules are tested without cache or snapshots.
 */
class WalletTest {

    private static final WalletId WALLET = WalletId.of(Mode.SANDBOX);

    private static final TransactionId TOP_UP = new TransactionId("txn_" + "0".repeat(31) + "1");
    private static final TransactionId SECOND_TOP_UP = new TransactionId("txn_" + "0".repeat(31) + "2");
    private static final TransactionId UNKNOWN_TOP_UP = new TransactionId("txn_" + "f".repeat(32));

    private static final PayoutId FIRST = new PayoutId("pay_" + "0".repeat(31) + "1");
    private static final PayoutId SECOND = new PayoutId("pay_" + "0".repeat(31) + "2");
    private static final PayoutId THIRD = new PayoutId("pay_" + "0".repeat(31) + "3");
    private static final PayoutId FOURTH = new PayoutId("pay_" + "0".repeat(31) + "4");

    private static final Instant REQUESTED_AT = Instant.parse("2025-01-15T09:00:00Z");
    private static final Instant LATER_REQUESTED_AT = Instant.parse("2025-01-15T09:30:00Z");
    private static final Instant SETTLED_AT = Instant.parse("2025-01-15T10:00:00Z");
    private static final Instant RESERVED_AT = Instant.parse("2025-01-15T11:00:00Z");
    private static final Instant RELEASED_AT = Instant.parse("2025-01-15T12:00:00Z");
    private static final Instant LATER = Instant.parse("2025-01-16T09:00:00Z");

    private FixtureConfiguration<Wallet> fixture;

    @BeforeEach
    void setUp() {
        fixture = new AggregateTestFixture<>(Wallet.class);
    }

    // top-ups

    @Test
    void opensTheWalletWithItsFirstTopUpRequest() {
        fixture.givenNoPriorActivity()
                .when(requestTopUp(TOP_UP, 50_000, "January float", REQUESTED_AT))
                .expectSuccessfulHandlerExecution()
                .expectEvents(
                        new WalletOpenedEvent(WALLET, Mode.SANDBOX, REQUESTED_AT),
                        topUpRequested(TOP_UP, 50_000, "January float", REQUESTED_AT));
    }

    @Test
    void recordsALaterTopUpRequestWithoutOpeningTheWalletAgain() {
        fixture.given(opened(), topUpRequested(TOP_UP, 50_000, "January float", REQUESTED_AT))
                .when(requestTopUp(SECOND_TOP_UP, 20_000, "extra float", LATER_REQUESTED_AT))
                .expectSuccessfulHandlerExecution()
                .expectEvents(topUpRequested(SECOND_TOP_UP, 20_000, "extra float", LATER_REQUESTED_AT));
    }

    @Test
    void recordsATopUpRequestAfterEarlierTopUpsSettledWithoutOpeningTheWalletAgain() {
        fixture.given(funded(50_000))
                .when(requestTopUp(SECOND_TOP_UP, 20_000, null, LATER))
                .expectSuccessfulHandlerExecution()
                .expectEvents(topUpRequested(SECOND_TOP_UP, 20_000, null, LATER));
    }

    @Test
    void settlesAPendingTopUpWithItsRequestedAmountAndDescription() {
        fixture.given(opened(), topUpRequested(TOP_UP, 50_000, "January float", REQUESTED_AT))
                .when(new SettleTopUpCommand(WALLET, TOP_UP, "usr_admin", SETTLED_AT))
                .expectSuccessfulHandlerExecution()
                .expectEvents(new TopUpSettledEvent(WALLET, Mode.SANDBOX, TOP_UP, 50_000, "January float",
                        "usr_admin", SETTLED_AT));
    }

    @Test
    void settlesTheNamedTopUpWhenSeveralArePending() {
        fixture.given(opened(),
                        topUpRequested(TOP_UP, 50_000, "January float", REQUESTED_AT),
                        topUpRequested(SECOND_TOP_UP, 20_000, "extra float", LATER_REQUESTED_AT))
                .when(new SettleTopUpCommand(WALLET, SECOND_TOP_UP, "automatic", SETTLED_AT))
                .expectEvents(new TopUpSettledEvent(WALLET, Mode.SANDBOX, SECOND_TOP_UP, 20_000, "extra float",
                        "automatic", SETTLED_AT));
    }

    @Test
    void answersASettlementWithItsAmountAndTheAvailableFundsAfterIt() {
        fixture.given(opened(),
                        topUpRequested(TOP_UP, 50_000, "January float", REQUESTED_AT),
                        topUpRequested(SECOND_TOP_UP, 20_000, "extra float", LATER_REQUESTED_AT),
                        new TopUpSettledEvent(WALLET, Mode.SANDBOX, TOP_UP, 50_000, "January float", "automatic",
                                REQUESTED_AT))
                .when(new SettleTopUpCommand(WALLET, SECOND_TOP_UP, "usr_admin", SETTLED_AT))
                .expectResultMessagePayload(new TopUpSettlement(20_000, 70_000));
    }

    @Test
    void refusesToSettleATopUpThatWasNeverRequested() {
        fixture.given(opened(), topUpRequested(TOP_UP, 50_000, "January float", REQUESTED_AT))
                .when(new SettleTopUpCommand(WALLET, UNKNOWN_TOP_UP, "usr_admin", SETTLED_AT))
                .expectException(TopUpNotPendingException.class)
                .expectNoEvents();
    }

    @Test
    void refusesToSettleATopUpTwice() {
        fixture.given(funded(50_000))
                .when(new SettleTopUpCommand(WALLET, TOP_UP, "usr_admin", LATER))
                .expectException(TopUpNotPendingException.class)
                .expectNoEvents();
    }

    @Test
    void settlesATopUpWhoseBankCreditIsItsAmount() {
        fixture.given(opened(), topUpRequested(TOP_UP, 50_000, "January float", REQUESTED_AT))
                .when(new SettleTopUpCommand(WALLET, TOP_UP, "bank:camt054-1.xml", SETTLED_AT, 50_000L))
                .expectEvents(new TopUpSettledEvent(WALLET, Mode.SANDBOX, TOP_UP, 50_000, "January float",
                        "bank:camt054-1.xml", SETTLED_AT));
    }

    @Test
    void refusesToSettleATopUpWhoseBankCreditIsAnotherAmount() {
        fixture.given(opened(), topUpRequested(TOP_UP, 50_000, "January float", REQUESTED_AT))
                .when(new SettleTopUpCommand(WALLET, TOP_UP, "bank:camt054-1.xml", SETTLED_AT, 49_999L))
                .expectException(TopUpAmountMismatchException.class)
                .expectNoEvents();
    }

    @Test
    void creditsAReturnedPayoutsAmountBackToAvailable() {
        fixture.given(funded(50_000, new FundsReservedEvent(WALLET, Mode.SANDBOX,
                        List.of(reservation(FIRST, 30_000)), LATER),
                        new ReturnedFundsCreditedEvent(WALLET, Mode.SANDBOX, UNKNOWN_TOP_UP, FIRST, 30_000,
                                "AC04 closed account number", LATER)))
                .when(new ReserveFundsCommand(WALLET, List.of(reservation(SECOND, 50_000)), LATER))
                .expectResultMessagePayload(new ReserveFundsCommand.Result(List.of(reservation(SECOND, 50_000))));
    }

    @Test
    void refusesToSettleATopUpInAWalletThatWasNeverOpened() {
        fixture.givenNoPriorActivity()
                .when(new SettleTopUpCommand(WALLET, TOP_UP, "usr_admin", SETTLED_AT))
                .expectException(AggregateNotFoundException.class)
                .expectNoEvents();
    }

    // reservations

    @Test
    void grantsReservationsInOrderWhileAvailableFundsCoverThem() {
        List<Reservation> granted = List.of(reservation(FIRST, 3_000), reservation(SECOND, 4_000));

        fixture.given(funded(10_000))
                .when(reserve(reservation(FIRST, 3_000), reservation(SECOND, 4_000), reservation(THIRD, 5_000)))
                .expectSuccessfulHandlerExecution()
                .expectResultMessagePayload(new ReserveFundsCommand.Result(granted))
                .expectEvents(new FundsReservedEvent(WALLET, Mode.SANDBOX, granted, RESERVED_AT));
    }

    @Test
    void decidesReservationsInTheOrderGivenNotBySize() {
        List<Reservation> granted = List.of(reservation(FIRST, 9_000));

        fixture.given(funded(10_000))
                .when(reserve(reservation(FIRST, 9_000), reservation(SECOND, 2_000), reservation(THIRD, 3_000)))
                .expectResultMessagePayload(new ReserveFundsCommand.Result(granted))
                .expectEvents(new FundsReservedEvent(WALLET, Mode.SANDBOX, granted, RESERVED_AT));
    }

    @Test
    void skipsAReservationThatDoesNotFitButGrantsALaterSmallerOne() {
        List<Reservation> granted = List.of(reservation(FIRST, 3_000), reservation(THIRD, 2_000));

        fixture.given(funded(5_000))
                .when(reserve(reservation(FIRST, 3_000), reservation(SECOND, 4_000), reservation(THIRD, 2_000),
                        reservation(FOURTH, 1)))
                .expectSuccessfulHandlerExecution()
                .expectResultMessagePayload(new ReserveFundsCommand.Result(granted))
                .expectEvents(new FundsReservedEvent(WALLET, Mode.SANDBOX, granted, RESERVED_AT));
    }

    @Test
    void emitsNoEventWhenNoReservationFits() {
        fixture.given(funded(1_000))
                .when(reserve(reservation(FIRST, 2_000), reservation(SECOND, 1_001)))
                .expectSuccessfulHandlerExecution()
                .expectResultMessagePayload(new ReserveFundsCommand.Result(List.of()))
                .expectNoEvents();
    }

    @Test
    void emitsNoEventForAnEmptyReservationRequest() {
        fixture.given(funded(1_000))
                .when(new ReserveFundsCommand(WALLET, List.of(), RESERVED_AT))
                .expectSuccessfulHandlerExecution()
                .expectResultMessagePayload(new ReserveFundsCommand.Result(List.of()))
                .expectNoEvents();
    }

    @Test
    void grantsAReservationOfExactlyTheAvailableBalance() {
        List<Reservation> granted = List.of(reservation(FIRST, 5_000));

        fixture.given(funded(5_000))
                .when(reserve(reservation(FIRST, 5_000)))
                .expectResultMessagePayload(new ReserveFundsCommand.Result(granted))
                .expectEvents(new FundsReservedEvent(WALLET, Mode.SANDBOX, granted, RESERVED_AT));
    }

    @Test
    void grantsNothingMoreOnceAvailableFundsReachZero() {
        fixture.given(funded(5_000, reserved(reservation(FIRST, 5_000))))
                .when(new ReserveFundsCommand(WALLET, List.of(reservation(SECOND, 1)), LATER))
                .expectSuccessfulHandlerExecution()
                .expectResultMessagePayload(new ReserveFundsCommand.Result(List.of()))
                .expectNoEvents();
    }

    @Test
    void neverLetsOneRequestTakeAvailableBelowZero() {
        List<Reservation> granted = List.of(reservation(FIRST, 3_000), reservation(SECOND, 2_000));

        fixture.given(funded(5_000))
                .when(reserve(reservation(FIRST, 3_000), reservation(SECOND, 2_000), reservation(THIRD, 1)))
                .expectResultMessagePayload(new ReserveFundsCommand.Result(granted))
                .expectEvents(new FundsReservedEvent(WALLET, Mode.SANDBOX, granted, RESERVED_AT));
    }

    @Test
    void countsEarlierReservationsAgainstAvailableFunds() {
        fixture.given(funded(5_000, reserved(reservation(FIRST, 3_000))))
                .when(new ReserveFundsCommand(WALLET, List.of(reservation(SECOND, 2_001)), LATER))
                .expectResultMessagePayload(new ReserveFundsCommand.Result(List.of()))
                .expectNoEvents();
    }

    @Test
    void doesNotCountRequestedButUnsettledTopUpsAsAvailable() {
        fixture.given(opened(), topUpRequested(TOP_UP, 50_000, "January float", REQUESTED_AT))
                .when(reserve(reservation(FIRST, 1)))
                .expectSuccessfulHandlerExecution()
                .expectResultMessagePayload(new ReserveFundsCommand.Result(List.of()))
                .expectNoEvents();
    }

    @Test
    void countsOnlyTheSettledTopUpWhileAnotherIsPending() {
        fixture.given(funded(1_000, topUpRequested(SECOND_TOP_UP, 50_000, "extra float", LATER_REQUESTED_AT)))
                .when(reserve(reservation(FIRST, 1_001)))
                .expectResultMessagePayload(new ReserveFundsCommand.Result(List.of()))
                .expectNoEvents();
    }

    @Test
    void makesReturnedFundsAvailableAgain() {
        List<Reservation> granted = List.of(reservation(SECOND, 2_000));

        fixture.given(funded(5_000, reserved(reservation(FIRST, 5_000)),
                        new FundsReleasedEvent(WALLET, Mode.SANDBOX, FIRST, 2_000, RELEASED_AT)))
                .when(new ReserveFundsCommand(WALLET, List.of(reservation(SECOND, 2_000)), LATER))
                .expectResultMessagePayload(new ReserveFundsCommand.Result(granted))
                .expectEvents(new FundsReservedEvent(WALLET, Mode.SANDBOX, granted, LATER));
    }

    @Test
    void makesOnlyTheReturnedAmountAvailableAgain() {
        fixture.given(funded(5_000, reserved(reservation(FIRST, 5_000)),
                        new FundsReleasedEvent(WALLET, Mode.SANDBOX, FIRST, 2_000, RELEASED_AT)))
                .when(new ReserveFundsCommand(WALLET, List.of(reservation(SECOND, 2_001)), LATER))
                .expectResultMessagePayload(new ReserveFundsCommand.Result(List.of()))
                .expectNoEvents();
    }

    @Test
    void refusesToReserveFromAWalletThatWasNeverOpened() {
        fixture.givenNoPriorActivity()
                .when(reserve(reservation(FIRST, 1)))
                .expectException(AggregateNotFoundException.class)
                .expectNoEvents();
    }

    // sandbox reset that keeps its events (ADR-0015)

    @Test
    void aSandboxResetEmptiesTheWallet() {
        fixture.given(funded(5_000, reserved(reservation(FIRST, 3_000))))
                .when(ResetSandboxCommand.at(LATER))
                .expectSuccessfulHandlerExecution()
                .expectEvents(new SandboxResetEvent(WALLET, Mode.SANDBOX, LATER),
                        new WalletOpenedEvent(WALLET, Mode.SANDBOX, LATER));
    }

    @Test
    void refusesToSpendMoneyFromBeforeTheReset() {
        fixture.given(funded(5_000, new SandboxResetEvent(WALLET, Mode.SANDBOX, LATER)))
                .when(new ReserveFundsCommand(WALLET, List.of(reservation(SECOND, 1)), LATER))
                .expectResultMessagePayload(new ReserveFundsCommand.Result(List.of()))
                .expectNoEvents();
    }

    @Test
    void refusesToSettleATopUpRequestedBeforeTheReset() {
        fixture.given(opened(), topUpRequested(TOP_UP, 50_000, "January float", REQUESTED_AT),
                        new SandboxResetEvent(WALLET, Mode.SANDBOX, LATER))
                .when(new SettleTopUpCommand(WALLET, TOP_UP, "automatic", LATER))
                .expectException(TopUpNotPendingException.class)
                .expectNoEvents();
    }

    @Test
    void fundsToppedUpAfterTheResetCountFromZero() {
        List<Reservation> granted = List.of(reservation(SECOND, 2_000));

        fixture.given(funded(5_000, new SandboxResetEvent(WALLET, Mode.SANDBOX, LATER),
                        topUpRequested(SECOND_TOP_UP, 2_000, "after the reset", LATER),
                        new TopUpSettledEvent(WALLET, Mode.SANDBOX, SECOND_TOP_UP, 2_000, "after the reset",
                                "automatic", LATER)))
                .when(new ReserveFundsCommand(WALLET, List.of(reservation(SECOND, 2_000), reservation(THIRD, 1)),
                        LATER))
                .expectResultMessagePayload(new ReserveFundsCommand.Result(granted))
                .expectEvents(new FundsReservedEvent(WALLET, Mode.SANDBOX, granted, LATER));
    }

    @Test
    void aSandboxResetOfAWalletNeverOpenedOpensItEmpty() {
        fixture.givenNoPriorActivity()
                .when(ResetSandboxCommand.at(LATER))
                .expectEvents(new SandboxResetEvent(WALLET, Mode.SANDBOX, LATER),
                        new WalletOpenedEvent(WALLET, Mode.SANDBOX, LATER));
    }

    @Test
    void onlyTheSandboxWalletCanBeReset() {
        assertThrows(IllegalArgumentException.class,
                () -> new ResetSandboxCommand(WalletId.of(Mode.PRODUCTION), LATER));
    }

    // helpers

    private static RequestTopUpCommand requestTopUp(TransactionId id, long amount, String description, Instant at) {
        return new RequestTopUpCommand(WALLET, Mode.SANDBOX, id, amount, description, TopUpMethod.ACH, at);
    }

    private static WalletOpenedEvent opened() {
        return new WalletOpenedEvent(WALLET, Mode.SANDBOX, REQUESTED_AT);
    }

    private static TopUpRequestedEvent topUpRequested(TransactionId id, long amount, String description, Instant at) {
        return new TopUpRequestedEvent(WALLET, Mode.SANDBOX, id, amount, description, "ach", at);
    }

    /** An opened wallet whose one top-up of {@code amount} has settled, then {@code later} events. */
    private static List<Object> funded(long amount, Object... later) {
        List<Object> history = new ArrayList<>(List.of(opened(),
                topUpRequested(TOP_UP, amount, "January float", REQUESTED_AT),
                new TopUpSettledEvent(WALLET, Mode.SANDBOX, TOP_UP, amount, "January float", "automatic",
                        SETTLED_AT)));
        history.addAll(List.of(later));
        return history;
    }

    private static Reservation reservation(PayoutId payoutId, long amount) {
        return new Reservation(payoutId, amount);
    }

    private static ReserveFundsCommand reserve(Reservation... reservations) {
        return new ReserveFundsCommand(WALLET, List.of(reservations), RESERVED_AT);
    }

    private static FundsReservedEvent reserved(Reservation... reservations) {
        return new FundsReservedEvent(WALLET, Mode.SANDBOX, List.of(reservations), RESERVED_AT);
    }
}
