package io.payouts.command.wallet;

import io.payouts.shared.InvalidFieldException;
import io.payouts.shared.Mode;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.wallet.BalanceFellBelowThresholdEvent;
import io.payouts.shared.wallet.BalanceRecoveredEvent;
import io.payouts.shared.wallet.FundingShortfallClearedEvent;
import io.payouts.shared.wallet.FundingShortfallProjectedEvent;
import io.payouts.shared.wallet.FundsReservedEvent;
import io.payouts.shared.wallet.LowBalanceAlertSetEvent;
import io.payouts.shared.wallet.RecordFundingShortfallCommand;
import io.payouts.shared.wallet.Reservation;
import io.payouts.shared.wallet.ReserveFundsCommand;
import io.payouts.shared.wallet.ResetSandboxCommand;
import io.payouts.shared.wallet.SandboxResetEvent;
import io.payouts.shared.wallet.SetLowBalanceAlertCommand;
import io.payouts.shared.wallet.SettleTopUpCommand;
import io.payouts.shared.wallet.ShortfallAlertOffException;
import io.payouts.shared.wallet.TopUpRequestedEvent;
import io.payouts.shared.wallet.TopUpSettledEvent;
import io.payouts.shared.wallet.TransactionId;
import io.payouts.shared.wallet.WalletId;
import io.payouts.shared.wallet.WalletOpenedEvent;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.axonframework.test.aggregate.FixtureConfiguration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The wallet decides when its funds cross the alert's threshold and when a shortfall episode starts and ends. */
class WalletLowBalanceAlertTest {

    private static final WalletId WALLET = WalletId.of(Mode.SANDBOX);
    private static final TransactionId TOP_UP = new TransactionId("txn_" + "0".repeat(31) + "1");
    private static final TransactionId SECOND_TOP_UP = new TransactionId("txn_" + "0".repeat(31) + "2");
    private static final PayoutId FIRST = new PayoutId("pay_" + "0".repeat(31) + "1");
    private static final PayoutId SECOND = new PayoutId("pay_" + "0".repeat(31) + "2");
    private static final Instant OPENED_AT = Instant.parse("2025-01-15T09:00:00Z");
    private static final Instant SET_AT = Instant.parse("2025-01-15T10:00:00Z");
    private static final Instant AT = Instant.parse("2025-01-15T11:00:00Z");
    private static final LocalDate SHORT_ON = LocalDate.parse("2025-01-17");
    private static final String OWNER = "usr_owner";

    private FixtureConfiguration<Wallet> fixture;

    @BeforeEach
    void setUp() {
        fixture = new AggregateTestFixture<>(Wallet.class);
    }

    @Test
    void recordsWhoSetTheAlertAndOpensAWalletNeverOpenedAsLow() {
        fixture.givenNoPriorActivity()
                .when(set(5_000, 3))
                .expectEvents(new WalletOpenedEvent(WALLET, Mode.SANDBOX, SET_AT), alertSet(5_000, 3),
                        new BalanceFellBelowThresholdEvent(WALLET, Mode.SANDBOX, 0, 5_000, SET_AT));
    }

    @Test
    void aThresholdAboveTheFundsAlreadyHeldMakesThemLowAtOnce() {
        fixture.given(funded(4_000))
                .when(set(5_000, null))
                .expectEvents(alertSet(5_000, null),
                        new BalanceFellBelowThresholdEvent(WALLET, Mode.SANDBOX, 4_000, 5_000, SET_AT));
    }

    @Test
    void aThresholdAtTheFundsHeldIsNotLow() {
        fixture.given(funded(5_000))
                .when(set(5_000, null))
                .expectEvents(alertSet(5_000, null));
    }

    @Test
    void aReservationThatTakesFundsBelowTheThresholdAnnouncesItOnce() {
        List<Reservation> granted = List.of(new Reservation(FIRST, 2_000));
        fixture.given(funded(6_000, alertSet(5_000, null)))
                .when(new ReserveFundsCommand(WALLET, granted, AT))
                .expectEvents(new FundsReservedEvent(WALLET, Mode.SANDBOX, granted, AT),
                        new BalanceFellBelowThresholdEvent(WALLET, Mode.SANDBOX, 4_000, 5_000, AT));
    }

    @Test
    void aReservationWhileAlreadyLowAnnouncesNothingMore() {
        List<Reservation> granted = List.of(new Reservation(SECOND, 1_000));
        fixture.given(funded(6_000, alertSet(5_000, null), reserved(FIRST, 2_000),
                        new BalanceFellBelowThresholdEvent(WALLET, Mode.SANDBOX, 4_000, 5_000, AT)))
                .when(new ReserveFundsCommand(WALLET, granted, AT))
                .expectEvents(new FundsReservedEvent(WALLET, Mode.SANDBOX, granted, AT));
    }

    @Test
    void aReservationThatLeavesExactlyTheThresholdIsNotLow() {
        List<Reservation> granted = List.of(new Reservation(FIRST, 1_000));
        fixture.given(funded(6_000, alertSet(5_000, null)))
                .when(new ReserveFundsCommand(WALLET, granted, AT))
                .expectEvents(new FundsReservedEvent(WALLET, Mode.SANDBOX, granted, AT));
    }

    @Test
    void aSettledTopUpThatBringsFundsBackToTheThresholdAnnouncesTheRecovery() {
        fixture.given(funded(6_000, alertSet(5_000, null), reserved(FIRST, 2_000),
                        new BalanceFellBelowThresholdEvent(WALLET, Mode.SANDBOX, 4_000, 5_000, AT),
                        new TopUpRequestedEvent(WALLET, Mode.SANDBOX, SECOND_TOP_UP, 1_000, "more", "ach", AT)))
                .when(new SettleTopUpCommand(WALLET, SECOND_TOP_UP, "automatic", AT))
                .expectEvents(new TopUpSettledEvent(WALLET, Mode.SANDBOX, SECOND_TOP_UP, 1_000, "more",
                                "automatic", AT),
                        new BalanceRecoveredEvent(WALLET, Mode.SANDBOX, 5_000, 5_000, AT));
    }

    @Test
    void loweringTheThresholdToTheFundsHeldEndsTheLowState() {
        fixture.given(funded(4_000, alertSet(5_000, null),
                        new BalanceFellBelowThresholdEvent(WALLET, Mode.SANDBOX, 4_000, 5_000, SET_AT)))
                .when(set(0, null))
                .expectEvents(alertSet(0, null), new BalanceRecoveredEvent(WALLET, Mode.SANDBOX, 4_000, 0, SET_AT));
    }

    @Test
    void aSandboxResetForgetsTheAlert() {
        fixture.given(funded(4_000, alertSet(5_000, null),
                        new BalanceFellBelowThresholdEvent(WALLET, Mode.SANDBOX, 4_000, 5_000, SET_AT),
                        new SandboxResetEvent(WALLET, Mode.SANDBOX, AT), new WalletOpenedEvent(WALLET, Mode.SANDBOX, AT),
                        new TopUpRequestedEvent(WALLET, Mode.SANDBOX, SECOND_TOP_UP, 1_000, "after", "ach", AT)))
                .when(new SettleTopUpCommand(WALLET, SECOND_TOP_UP, "automatic", AT))
                .expectEvents(new TopUpSettledEvent(WALLET, Mode.SANDBOX, SECOND_TOP_UP, 1_000, "after",
                        "automatic", AT));
    }

    @Test
    void refusesANegativeThresholdOrAWindowOutsideOneToThirtyDays() {
        InvalidFieldException threshold = assertThrows(InvalidFieldException.class, () -> set(-1, null));
        InvalidFieldException tooLong = assertThrows(InvalidFieldException.class, () -> set(0, 31));
        InvalidFieldException none = assertThrows(InvalidFieldException.class, () -> set(0, 0));

        assertThat(threshold.details()).containsOnlyKeys("lowBalanceThreshold");
        assertThat(tooLong.details()).containsOnlyKeys("shortfallWithinDays");
        assertThat(none.details()).containsOnlyKeys("shortfallWithinDays");
    }

    // shortfall episodes

    @Test
    void aProjectedShortfallStartsAnEpisode() {
        fixture.given(funded(1_000, alertSet(0, 3)))
                .when(new RecordFundingShortfallCommand(WALLET, SHORT_ON, -500, AT))
                .expectEvents(new FundingShortfallProjectedEvent(WALLET, Mode.SANDBOX, SHORT_ON, -500, 3, AT));
    }

    @Test
    void theSameEpisodeProjectedAgainAnnouncesNothing() {
        fixture.given(funded(1_000, alertSet(0, 3),
                        new FundingShortfallProjectedEvent(WALLET, Mode.SANDBOX, SHORT_ON, -500, 3, AT)))
                .when(new RecordFundingShortfallCommand(WALLET, SHORT_ON.plusDays(1), -700, AT))
                .expectSuccessfulHandlerExecution()
                .expectNoEvents();
    }

    @Test
    void noShortfallAnyMoreEndsTheEpisode() {
        fixture.given(funded(1_000, alertSet(0, 3),
                        new FundingShortfallProjectedEvent(WALLET, Mode.SANDBOX, SHORT_ON, -500, 3, AT)))
                .when(new RecordFundingShortfallCommand(WALLET, null, 200, AT))
                .expectEvents(new FundingShortfallClearedEvent(WALLET, Mode.SANDBOX, AT));
    }

    @Test
    void noShortfallOutsideAnEpisodeAnnouncesNothing() {
        fixture.given(funded(1_000, alertSet(0, 3)))
                .when(new RecordFundingShortfallCommand(WALLET, null, 200, AT))
                .expectSuccessfulHandlerExecution()
                .expectNoEvents();
    }

    @Test
    void switchingTheWatchOffEndsTheEpisode() {
        fixture.given(funded(1_000, alertSet(0, 3),
                        new FundingShortfallProjectedEvent(WALLET, Mode.SANDBOX, SHORT_ON, -500, 3, AT)))
                .when(set(0, null))
                .expectEvents(alertSet(0, null), new FundingShortfallClearedEvent(WALLET, Mode.SANDBOX, SET_AT));
    }

    @Test
    void refusesAShortfallForAWalletThatDoesNotWatchTheProjection() {
        fixture.given(funded(1_000, alertSet(5_000, null)))
                .when(new RecordFundingShortfallCommand(WALLET, SHORT_ON, -500, AT))
                .expectException(ShortfallAlertOffException.class)
                .expectNoEvents();
    }

    @Test
    void aResetSandboxWalletDoesNotWatchTheProjection() {
        fixture.given(funded(1_000, alertSet(0, 3)))
                .andGivenCommands(ResetSandboxCommand.at(AT))
                .when(new RecordFundingShortfallCommand(WALLET, SHORT_ON, -500, AT))
                .expectException(ShortfallAlertOffException.class);
    }

    private static SetLowBalanceAlertCommand set(long threshold, Integer days) {
        return new SetLowBalanceAlertCommand(WALLET, Mode.SANDBOX, threshold, days, OWNER, SET_AT);
    }

    private static LowBalanceAlertSetEvent alertSet(long threshold, Integer days) {
        return new LowBalanceAlertSetEvent(WALLET, Mode.SANDBOX, threshold, days, OWNER, SET_AT);
    }

    private static FundsReservedEvent reserved(PayoutId payoutId, long amount) {
        return new FundsReservedEvent(WALLET, Mode.SANDBOX, List.of(new Reservation(payoutId, amount)), AT);
    }

    /** An opened wallet whose one top-up of {@code amount} has settled, then {@code later} events. */
    private static List<Object> funded(long amount, Object... later) {
        List<Object> history = new ArrayList<>(List.of(new WalletOpenedEvent(WALLET, Mode.SANDBOX, OPENED_AT),
                new TopUpRequestedEvent(WALLET, Mode.SANDBOX, TOP_UP, amount, "float", "ach", OPENED_AT),
                new TopUpSettledEvent(WALLET, Mode.SANDBOX, TOP_UP, amount, "float", "automatic", OPENED_AT)));
        history.addAll(List.of(later));
        return history;
    }
}
