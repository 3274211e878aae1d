package io.payouts.query.wallet;

import io.payouts.shared.Mode;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.payout.PayoutCompletedEvent;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.wallet.FundsReleasedEvent;
import io.payouts.shared.wallet.FundsReservedEvent;
import io.payouts.shared.wallet.Reservation;
import io.payouts.shared.wallet.TopUp;
import io.payouts.shared.wallet.TopUpRequestedEvent;
import io.payouts.shared.wallet.TopUpSettledEvent;
import io.payouts.shared.wallet.TransactionId;
import io.payouts.shared.wallet.TransactionType;
import io.payouts.shared.wallet.WalletBalance;
import io.payouts.shared.wallet.WalletId;
import io.payouts.shared.wallet.WalletOpenedEvent;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

/**
 * What wallet events and payout completions do to the wallet read model. Each {@link #batch} folds its events from
 * the rows stored so far, as the projection does, and stores what changed; the ledger invariants are checked after
 * every test and, in the long ones, after every event.
 */
class WalletChangesTest {

    private static final Instant STORED_AT = Instant.parse("2025-01-15T10:00:00Z");
    private static final WalletId SANDBOX = WalletId.of(Mode.SANDBOX);
    private static final WalletId PRODUCTION = WalletId.of(Mode.PRODUCTION);
    private static final DriverId DRIVER = new DriverId("drv_" + "0".repeat(31) + "1");
    private static final TransactionId TOP_UP = new TransactionId("txn_" + "a".repeat(32));
    private static final TransactionId SECOND_TOP_UP = new TransactionId("txn_" + "b".repeat(32));
    private static final Instant OPENED_AT = Instant.parse("2025-01-15T09:00:00Z");
    private static final Instant SETTLED_AT = Instant.parse("2025-01-15T09:00:01Z");
    private static final Instant RESERVED_AT = Instant.parse("2025-01-15T09:05:00Z");
    private static final Instant COMPLETED_AT = Instant.parse("2025-01-15T09:06:00Z");

    /** The three tables, as the projection would have stored them. */
    private final Map<String, WalletRow> wallets = new HashMap<>();
    private final Map<String, TopUpRow> topUps = new HashMap<>();
    private final Map<String, FundingTransactionRow> transactions = new LinkedHashMap<>();
    private final Map<Step, Long> globalPositions = new HashMap<>();
    /** The global position the next event is stored at: each test's events are the stream, in order. */
    private long nextGlobalPosition = 1;

    @AfterEach
    void theLedgerAddsUp() {
        assertInvariant();
    }

    // opening and top-ups

    @Test
    void openingMakesAnEmptyWalletAtTheEventsSequenceNumber() {
        WalletChanges changes = batch(on(new WalletOpenedEvent(SANDBOX, Mode.SANDBOX, OPENED_AT), 0));

        assertThat(changes.changedWallets()).containsExactly(
                new WalletRow(SANDBOX.value(), Mode.SANDBOX, 0, 0, 0, 0, 0, OPENED_AT, OPENED_AT, 0));
        assertThat(wallet(SANDBOX).toBalance()).isEqualTo(WalletBalance.EMPTY);
    }

    @Test
    void aRequestedTopUpIsPendingAndNotYetATransaction() {
        open(SANDBOX);

        WalletChanges changes = batch(on(topUpRequested(TOP_UP, 50_000), 1));

        assertThat(wallet(SANDBOX).toBalance()).isEqualTo(new WalletBalance(0, 50_000, 0));
        assertThat(wallet(SANDBOX).walletVersion()).isEqualTo(1);
        assertThat(changes.changedTopUps()).containsExactly(new TopUpRow(TOP_UP.value(), Mode.SANDBOX, 50_000,
                TopUp.PENDING, "march float", "bank_transfer", OPENED_AT, null, null));
        assertThat(changes.newTransactions()).isEmpty();
    }

    @Test
    void aSettledTopUpBecomesAvailableAndACreditAtItsEventsGlobalPosition() {
        open(SANDBOX);
        batch(on(topUpRequested(TOP_UP, 50_000), 1));

        WalletChanges changes = batch(on(topUpSettled(TOP_UP, 50_000), 2));

        assertThat(wallet(SANDBOX).toBalance()).isEqualTo(new WalletBalance(50_000, 0, 0));
        assertThat(wallet(SANDBOX).ledger()).isEqualTo(50_000);
        assertThat(changes.changedTopUps()).containsExactly(new TopUpRow(TOP_UP.value(), Mode.SANDBOX, 50_000,
                TopUp.SETTLED, "march float", "bank_transfer", OPENED_AT, SETTLED_AT, "automatic"));
        assertThat(changes.newTransactions()).containsExactly(new FundingTransactionRow(TOP_UP.value(), Mode.SANDBOX,
                TransactionType.CREDIT, 50_000, 0, "march float", null, SETTLED_AT, 3));
    }

    @Test
    void aTopUpRequestedAndSettledInOneBatchIsOneSettledTopUpAndOneCredit() {
        WalletChanges changes = batch(on(new WalletOpenedEvent(SANDBOX, Mode.SANDBOX, OPENED_AT), 0),
                on(topUpRequested(TOP_UP, 50_000), 1), on(topUpSettled(TOP_UP, 50_000), 2));

        assertThat(changes.changedWallets()).hasSize(1);
        assertThat(changes.changedTopUps()).extracting(TopUpRow::status).containsExactly(TopUp.SETTLED);
        assertThat(changes.newTransactions()).extracting(FundingTransactionRow::amount).containsExactly(50_000L);
        assertThat(wallet(SANDBOX)).extracting(WalletRow::available, WalletRow::pending, WalletRow::walletVersion)
                .containsExactly(50_000L, 0L, 2L);
    }

    @Test
    void aSecondTopUpsCreditCarriesItsOwnEventsGlobalPosition() {
        fund(SANDBOX, 50_000);

        batch(on(topUpRequested(SECOND_TOP_UP, 20_000), 3));
        batch(on(topUpSettled(SECOND_TOP_UP, 20_000), 4));

        assertThat(transactions.get(SECOND_TOP_UP.value()))
                .extracting(FundingTransactionRow::amount, FundingTransactionRow::globalPosition)
                .containsExactly(20_000L, 5L);
        assertThat(wallet(SANDBOX).ledger()).isEqualTo(70_000);
    }

    // reservations, releases, completions

    @Test
    void aReservationForSeveralPayoutsMovesTheirSumFromAvailableToInTransit() {
        fund(SANDBOX, 50_000);

        WalletChanges changes = batch(on(reserved(SANDBOX, new Reservation(payout(1), 10_000),
                new Reservation(payout(2), 5_000)), 3));

        assertThat(wallet(SANDBOX).toBalance()).isEqualTo(new WalletBalance(35_000, 0, 15_000));
        assertThat(wallet(SANDBOX).ledger()).as("a reservation moves no money out").isEqualTo(50_000);
        assertThat(changes.newTransactions()).isEmpty();
    }

    @Test
    void aReleaseGivesTheReservationBackToAvailable() {
        fund(SANDBOX, 50_000);
        batch(on(reserved(SANDBOX, new Reservation(payout(1), 10_000), new Reservation(payout(2), 5_000)), 3));

        batch(on(new FundsReleasedEvent(SANDBOX, Mode.SANDBOX, payout(2), 5_000, COMPLETED_AT), 4));

        assertThat(wallet(SANDBOX).toBalance()).isEqualTo(new WalletBalance(40_000, 0, 10_000));
        assertThat(wallet(SANDBOX).walletVersion()).isEqualTo(4);
        assertThat(wallet(SANDBOX).ledger()).isEqualTo(50_000);
    }

    @Test
    void aCompletedPayoutIsADebitWithADeterministicIdAtItsEventsGlobalPosition() {
        fund(SANDBOX, 50_000);
        batch(on(reserved(SANDBOX, new Reservation(payout(1), 10_000)), 3));

        WalletChanges changes = batch(on(completed(payout(1), Mode.SANDBOX, 10_000), 5));

        assertThat(wallet(SANDBOX).toBalance()).isEqualTo(new WalletBalance(40_000, 0, 0));
        assertThat(wallet(SANDBOX).ledger()).isEqualTo(40_000);
        assertThat(wallet(SANDBOX).walletVersion()).as("a payout's event leaves the wallet's version alone")
                .isEqualTo(3);
        TransactionId debitId = new TransactionId("txn_" + payout(1).value().substring(4));
        assertThat(changes.newTransactions()).containsExactly(new FundingTransactionRow(debitId.value(), Mode.SANDBOX,
                TransactionType.DEBIT, 10_000, 0, "payout " + payout(1).value(), payout(1).value(), COMPLETED_AT, 5));
    }

    @Test
    void aCompletionRedeliveredInTheSameBatchIsDebitedOnce() {
        fund(SANDBOX, 50_000);
        batch(on(reserved(SANDBOX, new Reservation(payout(1), 10_000)), 3));

        WalletChanges changes = batch(on(completed(payout(1), Mode.SANDBOX, 10_000), 5),
                on(completed(payout(1), Mode.SANDBOX, 10_000), 5));

        assertThat(changes.newTransactions()).hasSize(1);
        assertThat(wallet(SANDBOX).toBalance()).isEqualTo(new WalletBalance(40_000, 0, 0));
    }

    @Test
    void aCompletionWhoseDebitIsStoredAlreadyChangesNothing() {
        fund(SANDBOX, 50_000);
        batch(on(reserved(SANDBOX, new Reservation(payout(1), 10_000)), 3));
        batch(on(completed(payout(1), Mode.SANDBOX, 10_000), 5));
        WalletRow before = wallet(SANDBOX);

        WalletChanges changes = batch(on(completed(payout(1), Mode.SANDBOX, 10_000), 5));

        assertThat(changes.changedWallets()).isEmpty();
        assertThat(changes.newTransactions()).isEmpty();
        assertThat(wallet(SANDBOX)).isEqualTo(before);
    }

    @Test
    void aWalletEventAtOrBelowTheWalletsVersionChangesNothing() {
        fund(SANDBOX, 50_000);
        batch(on(reserved(SANDBOX, new Reservation(payout(1), 10_000)), 3));
        WalletRow before = wallet(SANDBOX);

        WalletChanges changes = batch(on(new WalletOpenedEvent(SANDBOX, Mode.SANDBOX, OPENED_AT), 0),
                on(topUpRequested(TOP_UP, 50_000), 1), on(topUpSettled(TOP_UP, 50_000), 2),
                on(reserved(SANDBOX, new Reservation(payout(1), 10_000)), 3));

        assertThat(changes.changedWallets()).isEmpty();
        assertThat(changes.changedTopUps()).isEmpty();
        assertThat(changes.newTransactions()).isEmpty();
        assertThat(wallet(SANDBOX)).isEqualTo(before);
    }

    @Test
    void aFullLifeOfMixedOutcomesKeepsTheLedgerAfterEveryEvent() {
        fund(SANDBOX, 100_000);
        List<Step> life = List.of(
                on(reserved(SANDBOX, new Reservation(payout(1), 10_000), new Reservation(payout(2), 20_000),
                        new Reservation(payout(3), 30_000)), 3),
                on(completed(payout(1), Mode.SANDBOX, 10_000), 4),
                on(new FundsReleasedEvent(SANDBOX, Mode.SANDBOX, payout(2), 20_000, COMPLETED_AT), 4),
                on(reserved(SANDBOX, new Reservation(payout(2), 20_000)), 5),
                on(completed(payout(2), Mode.SANDBOX, 20_000), 3),
                on(topUpRequested(SECOND_TOP_UP, 5_000), 6),
                on(topUpSettled(SECOND_TOP_UP, 5_000), 7));

        for (Step step : life) {
            batch(step);
            assertInvariant();
        }

        assertThat(wallet(SANDBOX).toBalance()).isEqualTo(new WalletBalance(45_000, 0, 30_000));
        assertThat(wallet(SANDBOX).ledger()).isEqualTo(75_000);
        assertThat(transactions.values()).extracting(FundingTransactionRow::type, FundingTransactionRow::amount)
                .containsExactly(tuple(TransactionType.CREDIT, 100_000L), tuple(TransactionType.DEBIT, 10_000L),
                        tuple(TransactionType.DEBIT, 20_000L), tuple(TransactionType.CREDIT, 5_000L));
    }

    @Test
    void aFullLifeInOneBatchEndsWhereEventByEventDoes() {
        fund(SANDBOX, 100_000);

        WalletChanges changes = batch(
                on(reserved(SANDBOX, new Reservation(payout(1), 10_000), new Reservation(payout(2), 20_000)), 3),
                on(completed(payout(1), Mode.SANDBOX, 10_000), 4),
                on(new FundsReleasedEvent(SANDBOX, Mode.SANDBOX, payout(2), 20_000, COMPLETED_AT), 4),
                on(topUpRequested(SECOND_TOP_UP, 5_000), 5),
                on(topUpSettled(SECOND_TOP_UP, 5_000), 6));

        assertThat(changes.changedWallets()).hasSize(1);
        assertThat(wallet(SANDBOX).toBalance()).isEqualTo(new WalletBalance(95_000, 0, 0));
        assertThat(changes.newTransactions()).extracting(FundingTransactionRow::globalPosition,
                FundingTransactionRow::signedAmount).containsExactly(tuple(5L, -10_000L), tuple(8L, 5_000L));
    }

    @Test
    void modesKeepSeparateWalletsAndTransactions() {
        fund(SANDBOX, 50_000);
        TransactionId productionTopUp = new TransactionId("txn_" + "c".repeat(32));
        batch(on(new WalletOpenedEvent(PRODUCTION, Mode.PRODUCTION, OPENED_AT), 0),
                on(new TopUpRequestedEvent(PRODUCTION, Mode.PRODUCTION, productionTopUp, 9_000, null, "wire",
                        OPENED_AT), 1),
                on(new TopUpSettledEvent(PRODUCTION, Mode.PRODUCTION, productionTopUp, 9_000, null, "usr_1",
                        SETTLED_AT), 2),
                on(new FundsReservedEvent(PRODUCTION, Mode.PRODUCTION, List.of(new Reservation(payout(7), 4_000)),
                        RESERVED_AT), 3),
                on(completed(payout(7), Mode.PRODUCTION, 4_000), 2));

        assertThat(wallet(SANDBOX).toBalance()).isEqualTo(new WalletBalance(50_000, 0, 0));
        assertThat(wallet(PRODUCTION).toBalance()).isEqualTo(new WalletBalance(5_000, 0, 0));
        assertThat(transactions.values()).filteredOn(row -> row.mode() == Mode.PRODUCTION)
                .extracting(FundingTransactionRow::globalPosition).containsExactly(6L, 8L);
    }

    @Test
    void theWalletsUpdateTimeNeverGoesBack() {
        fund(SANDBOX, 50_000);
        batch(on(reserved(SANDBOX, new Reservation(payout(1), 10_000)), 3));

        batch(on(new PayoutCompletedEvent(payout(1), Mode.SANDBOX, DRIVER, 10_000, 10_000, OPENED_AT), 4));

        assertThat(wallet(SANDBOX).updatedAt()).isEqualTo(RESERVED_AT);
    }

    // which wallet

    @Test
    void eachWalletEventNamesItsWalletAndACompletionItsModesWallet() {
        assertThat(WalletChanges.walletIdOf(new WalletOpenedEvent(PRODUCTION, Mode.PRODUCTION, OPENED_AT)))
                .isEqualTo(PRODUCTION.value());
        assertThat(WalletChanges.walletIdOf(topUpRequested(TOP_UP, 1))).isEqualTo(SANDBOX.value());
        assertThat(WalletChanges.walletIdOf(topUpSettled(TOP_UP, 1))).isEqualTo(SANDBOX.value());
        assertThat(WalletChanges.walletIdOf(reserved(SANDBOX, new Reservation(payout(1), 1))))
                .isEqualTo(SANDBOX.value());
        assertThat(WalletChanges.walletIdOf(new FundsReleasedEvent(SANDBOX, Mode.SANDBOX, payout(1), 1,
                COMPLETED_AT))).isEqualTo(SANDBOX.value());
        assertThat(WalletChanges.walletIdOf(completed(payout(1), Mode.PRODUCTION, 1)))
                .isEqualTo(PRODUCTION.value());
    }

    @Test
    void anEventThatIsNoWalletChangeIsRefused() {
        assertThatThrownBy(() -> WalletChanges.walletIdOf("not an event"))
                .isInstanceOf(IllegalArgumentException.class);
    }

    // rejections

    @Test
    void aWalletChangedBeforeItWasOpenedIsRefused() {
        assertThatThrownBy(() -> batch(on(topUpRequested(TOP_UP, 50_000), 1)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining(SANDBOX.value());
        assertThat(wallets).isEmpty();
    }

    @Test
    void aCompletionBeforeItsWalletIsProjectedIsRefused() {
        assertThatThrownBy(() -> batch(on(completed(payout(1), Mode.SANDBOX, 10_000), 4)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining(payout(1).value());
        assertThat(transactions).isEmpty();
    }

    @Test
    void aTopUpSettledBeforeItWasRequestedIsRefused() {
        open(SANDBOX);

        assertThatThrownBy(() -> batch(on(topUpSettled(TOP_UP, 50_000), 2)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining(TOP_UP.value());
        assertThat(wallet(SANDBOX).toBalance()).isEqualTo(WalletBalance.EMPTY);
    }

    // helpers

    /**
     * Per mode: credits - debits - in transit = available; ledger = available + in transit; the transactions' amounts
     * add up to the ledger; each transaction is at a global position of its own.
     */
    private void assertInvariant() {
        for (WalletRow wallet : wallets.values()) {
            List<FundingTransactionRow> ofMode = transactions.values().stream()
                    .filter(row -> row.mode() == wallet.mode()).toList();
            long credits = ofMode.stream().filter(row -> row.type() == TransactionType.CREDIT)
                    .mapToLong(FundingTransactionRow::amount).sum();
            long debits = ofMode.stream().filter(row -> row.type() == TransactionType.DEBIT)
                    .mapToLong(FundingTransactionRow::amount).sum();
            assertThat(credits - debits - wallet.inTransit()).as("credits - debits - in transit of " + wallet.id())
                    .isEqualTo(wallet.available());
            assertThat(wallet.ledger()).as("ledger of " + wallet.id())
                    .isEqualTo(wallet.available() + wallet.inTransit());
            assertThat(wallet.transactionCount()).isEqualTo(ofMode.size());
            assertThat(ofMode.stream().mapToLong(FundingTransactionRow::signedAmount).sum()).isEqualTo(wallet.ledger());
            assertThat(ofMode).extracting(FundingTransactionRow::globalPosition).doesNotHaveDuplicates();
            assertThat(wallet.available()).isNotNegative();
            assertThat(wallet.inTransit()).isNotNegative();
        }
    }

    /**
     * One processor batch: folded from the stored rows, its changes stored, as the projection does it. An event met
     * again (equal, at the same place in its stream) is a redelivery and keeps its global position.
     */
    private WalletChanges batch(Step... steps) {
        WalletChanges changes = new WalletChanges(wallets, topUps, transactions.values().stream()
                .collect(Collectors.toMap(FundingTransactionRow::id, FundingTransactionRow::globalPosition)));
        for (Step step : steps) {
            changes.apply(step.event(), step.sequence(), globalPositions.computeIfAbsent(step,
                    ignored -> nextGlobalPosition++), STORED_AT);
        }
        changes.changedWallets().forEach(wallet -> wallets.put(wallet.id(), wallet));
        changes.changedTopUps().forEach(topUp -> topUps.put(topUp.id(), topUp));
        List<FundingTransactionRow> added = new ArrayList<>(changes.newTransactions());
        added.forEach(row -> assertThat(transactions.putIfAbsent(row.id(), row)).as("duplicate " + row.id()).isNull());
        return changes;
    }

    private static Step on(Object event, long sequence) {
        return new Step(event, sequence);
    }

    private record Step(Object event, long sequence) {
    }

    private void open(WalletId wallet) {
        batch(on(new WalletOpenedEvent(wallet, wallet.mode(), OPENED_AT), 0));
    }

    /** Sequence numbers 0 .. 2 of the wallet. */
    private void fund(WalletId wallet, long amount) {
        open(wallet);
        batch(on(topUpRequested(TOP_UP, amount), 1));
        batch(on(topUpSettled(TOP_UP, amount), 2));
    }

    private static TopUpRequestedEvent topUpRequested(TransactionId id, long amount) {
        return new TopUpRequestedEvent(SANDBOX, Mode.SANDBOX, id, amount, "march float", "bank_transfer", OPENED_AT);
    }

    private static TopUpSettledEvent topUpSettled(TransactionId id, long amount) {
        return new TopUpSettledEvent(SANDBOX, Mode.SANDBOX, id, amount, "march float", "automatic", SETTLED_AT);
    }

    private static FundsReservedEvent reserved(WalletId wallet, Reservation... reservations) {
        return new FundsReservedEvent(wallet, wallet.mode(), List.of(reservations), RESERVED_AT);
    }

    private static PayoutCompletedEvent completed(PayoutId payout, Mode mode, long amount) {
        return new PayoutCompletedEvent(payout, mode, DRIVER, amount, amount, COMPLETED_AT);
    }

    private static PayoutId payout(int n) {
        return new PayoutId(String.format("pay_%032x", n));
    }

    private WalletRow wallet(WalletId id) {
        assertThat(wallets).containsKey(id.value());
        return wallets.get(id.value());
    }
}
