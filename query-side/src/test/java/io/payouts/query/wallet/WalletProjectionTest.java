package io.payouts.query.wallet;

import io.payouts.query.consistency.ProjectionProgress;
import io.payouts.shared.Mode;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.payout.PayoutCompletedEvent;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.wallet.FundingTransaction;
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
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.Mockito.doAnswer;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

class WalletProjectionTest {

    private static final WalletId SANDBOX = WalletId.of(Mode.SANDBOX);
    private static final WalletId PRODUCTION = WalletId.of(Mode.PRODUCTION);
    private static final DriverId DRIVER = new DriverId("drv_" + "0".repeat(31) + "1");
    private static final TransactionId TOP_UP = new TransactionId("txn_" + "a".repeat(32));
    private static final TransactionId SECOND_TOP_UP = new TransactionId("txn_" + "b".repeat(32));
    private static final Instant OPENED_AT = Instant.parse("2025-01-15T09:00:00Z");
    private static final Instant SETTLED_AT = Instant.parse("2025-01-15T09:00:01Z");
    private static final Instant RESERVED_AT = Instant.parse("2025-01-15T09:05:00Z");
    private static final Instant COMPLETED_AT = Instant.parse("2025-01-15T09:06:00Z");

    /** The three tables, as seen through the repository methods the projection uses. */
    private final Map<String, WalletBalanceView> wallets = new LinkedHashMap<>();
    private final Map<String, TopUpView> topUps = new LinkedHashMap<>();
    private final Map<String, FundingTransactionView> transactions = new LinkedHashMap<>();
    private WalletProjection projection;
    private ProjectionProgress progress;
    private final ExecutorService readers = Executors.newSingleThreadExecutor();

    @BeforeEach
    void setUp() {
        WalletBalanceViewRepository walletRepository = mock(WalletBalanceViewRepository.class);
        when(walletRepository.existsById(anyString())).thenAnswer(call -> wallets.containsKey(call.<String>getArgument(0)));
        when(walletRepository.findById(anyString()))
                .thenAnswer(call -> Optional.ofNullable(wallets.get(call.<String>getArgument(0))));
        when(walletRepository.save(any(WalletBalanceView.class))).thenAnswer(call -> {
            WalletBalanceView row = call.getArgument(0);
            wallets.put(row.id(), row);
            return row;
        });
        doAnswer(call -> {
            wallets.clear();
            return null;
        }).when(walletRepository).deleteAllInBatch();

        TopUpViewRepository topUpRepository = mock(TopUpViewRepository.class);
        when(topUpRepository.existsById(anyString())).thenAnswer(call -> topUps.containsKey(call.<String>getArgument(0)));
        when(topUpRepository.findById(anyString()))
                .thenAnswer(call -> Optional.ofNullable(topUps.get(call.<String>getArgument(0))));
        when(topUpRepository.save(any(TopUpView.class))).thenAnswer(call -> {
            TopUpView row = call.getArgument(0);
            topUps.put(row.id(), row);
            return row;
        });
        doAnswer(call -> {
            topUps.clear();
            return null;
        }).when(topUpRepository).deleteAllInBatch();

        FundingTransactionViewRepository transactionRepository = mock(FundingTransactionViewRepository.class);
        when(transactionRepository.existsById(anyString()))
                .thenAnswer(call -> transactions.containsKey(call.<String>getArgument(0)));
        when(transactionRepository.save(any(FundingTransactionView.class))).thenAnswer(call -> {
            FundingTransactionView row = call.getArgument(0);
            if (transactions.putIfAbsent(row.getId(), row) != null) {
                throw new IllegalStateException("duplicate key " + row.getId());
            }
            return row;
        });
        doAnswer(call -> {
            transactions.clear();
            return null;
        }).when(transactionRepository).deleteAllInBatch();

        progress = new ProjectionProgress();
        projection = new WalletProjection(walletRepository, topUpRepository, transactionRepository, progress);
    }

    @AfterEach
    void checkTheInvariantAndStopReaders() {
        assertInvariant();
        readers.shutdownNow();
    }

    // opening and top-ups

    @Test
    void openingMakesAnEmptyWalletAtTheEventsSequenceNumber() {
        projection.on(new WalletOpenedEvent(SANDBOX, Mode.SANDBOX, OPENED_AT), 0);

        assertThat(wallet(SANDBOX).toBalance()).isEqualTo(WalletBalance.EMPTY);
        assertThat(wallet(SANDBOX).walletVersion()).isZero();
        assertThat(wallet(SANDBOX).ledger()).isZero();
    }

    @Test
    void aRequestedTopUpIsPendingAndNotYetATransaction() {
        open(SANDBOX);

        projection.on(topUpRequested(TOP_UP, 50_000), 1);

        assertThat(wallet(SANDBOX).toBalance()).isEqualTo(new WalletBalance(0, 50_000, 0));
        assertThat(wallet(SANDBOX).walletVersion()).isEqualTo(1);
        assertThat(topUps.get(TOP_UP.value()).toTopUp()).isEqualTo(new TopUp(TOP_UP, 50_000, TopUp.PENDING,
                "march float", "bank_transfer", OPENED_AT, null));
        assertThat(transactions).isEmpty();
    }

    @Test
    void aSettledTopUpBecomesAvailableAndACreditWithTheBalanceAfterIt() {
        open(SANDBOX);
        projection.on(topUpRequested(TOP_UP, 50_000), 1);

        projection.on(topUpSettled(TOP_UP, 50_000), 2);

        assertThat(wallet(SANDBOX).toBalance()).isEqualTo(new WalletBalance(50_000, 0, 0));
        assertThat(wallet(SANDBOX).ledger()).isEqualTo(50_000);
        assertThat(topUps.get(TOP_UP.value()).toTopUp()).isEqualTo(new TopUp(TOP_UP, 50_000, TopUp.SETTLED,
                "march float", "bank_transfer", OPENED_AT, SETTLED_AT));
        assertThat(transactions.get(TOP_UP.value()).toTransaction()).isEqualTo(new FundingTransaction(TOP_UP,
                TransactionType.CREDIT, 50_000, 50_000, "march float", null, SETTLED_AT));
    }

    @Test
    void aSecondTopUpsCreditCarriesTheLedgerAfterBoth() {
        fund(SANDBOX, 50_000);

        projection.on(topUpRequested(SECOND_TOP_UP, 20_000), 3);
        projection.on(topUpSettled(SECOND_TOP_UP, 20_000), 4);

        assertThat(transactions.get(SECOND_TOP_UP.value()).balance()).isEqualTo(70_000);
        assertThat(transactions.get(SECOND_TOP_UP.value()).position()).isEqualTo(2);
    }

    // reservations, releases, completions

    @Test
    void aReservationEventForSeveralPayoutsMovesTheirSumFromAvailableToInTransit() {
        fund(SANDBOX, 50_000);

        projection.on(reserved(SANDBOX, new Reservation(payout(1), 10_000), new Reservation(payout(2), 5_000)), 3);

        assertThat(wallet(SANDBOX).toBalance()).isEqualTo(new WalletBalance(35_000, 0, 15_000));
        assertThat(wallet(SANDBOX).ledger()).isEqualTo(50_000);
        assertThat(transactions).hasSize(1);
    }

    @Test
    void aReleaseGivesTheReservationBackToAvailable() {
        fund(SANDBOX, 50_000);
        projection.on(reserved(SANDBOX, new Reservation(payout(1), 10_000), new Reservation(payout(2), 5_000)), 3);

        projection.on(new FundsReleasedEvent(SANDBOX, Mode.SANDBOX, payout(2), 5_000, COMPLETED_AT), 4);

        assertThat(wallet(SANDBOX).toBalance()).isEqualTo(new WalletBalance(40_000, 0, 10_000));
        assertThat(wallet(SANDBOX).walletVersion()).isEqualTo(4);
    }

    @Test
    void aCompletedPayoutIsADebitWithADeterministicIdAndTheLedgerAfterIt() {
        fund(SANDBOX, 50_000);
        projection.on(reserved(SANDBOX, new Reservation(payout(1), 10_000)), 3);

        projection.on(completed(payout(1), Mode.SANDBOX, 10_000));

        assertThat(wallet(SANDBOX).toBalance()).isEqualTo(new WalletBalance(40_000, 0, 0));
        assertThat(wallet(SANDBOX).ledger()).isEqualTo(40_000);
        assertThat(wallet(SANDBOX).walletVersion()).as("a payout event leaves the wallet's version").isEqualTo(3);
        TransactionId debitId = new TransactionId("txn_" + payout(1).value().substring(4));
        assertThat(transactions.get(debitId.value()).toTransaction()).isEqualTo(new FundingTransaction(debitId,
                TransactionType.DEBIT, 10_000, 40_000, "payout " + payout(1).value(), payout(1), COMPLETED_AT));
        assertThat(transactions.get(debitId.value()).position()).isEqualTo(2);
    }

    @Test
    void aFullLifeOfMixedOutcomesAddsUp() {
        fund(SANDBOX, 100_000);
        projection.on(reserved(SANDBOX, new Reservation(payout(1), 10_000), new Reservation(payout(2), 20_000),
                new Reservation(payout(3), 30_000)), 3);
        assertInvariant();
        projection.on(completed(payout(1), Mode.SANDBOX, 10_000));
        assertInvariant();
        projection.on(new FundsReleasedEvent(SANDBOX, Mode.SANDBOX, payout(2), 20_000, COMPLETED_AT), 4);
        assertInvariant();
        projection.on(reserved(SANDBOX, new Reservation(payout(2), 20_000)), 5);
        assertInvariant();
        projection.on(completed(payout(2), Mode.SANDBOX, 20_000));
        projection.on(topUpRequested(SECOND_TOP_UP, 5_000), 6);
        projection.on(topUpSettled(SECOND_TOP_UP, 5_000), 7);

        assertThat(wallet(SANDBOX).toBalance()).isEqualTo(new WalletBalance(45_000, 0, 30_000));
        assertThat(wallet(SANDBOX).ledger()).isEqualTo(75_000);
        assertThat(transactions.values()).extracting(FundingTransactionView::balance)
                .containsExactly(100_000L, 90_000L, 70_000L, 75_000L);
    }

    @Test
    void modesKeepSeparateWallets() {
        fund(SANDBOX, 50_000);
        projection.on(new WalletOpenedEvent(PRODUCTION, Mode.PRODUCTION, OPENED_AT), 0);
        TransactionId productionTopUp = new TransactionId("txn_" + "c".repeat(32));
        projection.on(new TopUpRequestedEvent(PRODUCTION, Mode.PRODUCTION, productionTopUp, 9_000, null, "wire",
                OPENED_AT), 1);
        projection.on(new TopUpSettledEvent(PRODUCTION, Mode.PRODUCTION, productionTopUp, 9_000, null, "usr_1",
                SETTLED_AT), 2);
        projection.on(new FundsReservedEvent(PRODUCTION, Mode.PRODUCTION, List.of(new Reservation(payout(7), 4_000)),
                RESERVED_AT), 3);
        projection.on(completed(payout(7), Mode.PRODUCTION, 4_000));

        assertThat(wallet(SANDBOX).toBalance()).isEqualTo(new WalletBalance(50_000, 0, 0));
        assertThat(wallet(PRODUCTION).toBalance()).isEqualTo(new WalletBalance(5_000, 0, 0));
        assertThat(transactions.values()).filteredOn(row -> row.mode() == Mode.PRODUCTION)
                .extracting(FundingTransactionView::position).containsExactly(1L, 2L);
    }

    // idempotent replay

    @Test
    void ignoresAWalletEventAtOrBelowTheWalletsVersion() {
        fund(SANDBOX, 50_000);
        projection.on(reserved(SANDBOX, new Reservation(payout(1), 10_000)), 3);
        WalletBalance before = wallet(SANDBOX).toBalance();

        projection.on(new WalletOpenedEvent(SANDBOX, Mode.SANDBOX, OPENED_AT), 0);
        projection.on(topUpRequested(TOP_UP, 50_000), 1);
        projection.on(topUpSettled(TOP_UP, 50_000), 2);
        projection.on(reserved(SANDBOX, new Reservation(payout(1), 10_000)), 3);

        assertThat(wallet(SANDBOX).toBalance()).isEqualTo(before);
        assertThat(wallet(SANDBOX).walletVersion()).isEqualTo(3);
        assertThat(transactions).hasSize(1);
    }

    @Test
    void aRedeliveredCompletionDebitsOnce() {
        fund(SANDBOX, 50_000);
        projection.on(reserved(SANDBOX, new Reservation(payout(1), 10_000)), 3);
        projection.on(completed(payout(1), Mode.SANDBOX, 10_000));

        projection.on(completed(payout(1), Mode.SANDBOX, 10_000));

        assertThat(wallet(SANDBOX).toBalance()).isEqualTo(new WalletBalance(40_000, 0, 0));
        assertThat(transactions).hasSize(2);
    }

    // failures and reset

    @Test
    void failsLoudlyWhenAnUnopenedWalletChanges() {
        assertThatThrownBy(() -> projection.on(topUpRequested(TOP_UP, 50_000), 1))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining(SANDBOX.value());
        assertThatThrownBy(() -> projection.on(completed(payout(1), Mode.SANDBOX, 10_000)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining(payout(1).value());
        assertThat(wallets).isEmpty();
        assertThat(transactions).isEmpty();
    }

    @Test
    void resetClearsEveryTable() {
        fund(SANDBOX, 50_000);

        projection.onReset();

        assertThat(wallets).isEmpty();
        assertThat(topUps).isEmpty();
        assertThat(transactions).isEmpty();
    }

    // read-your-writes

    @Test
    void aWalletEventAnnouncesTheWalletsSequenceSoAWaitingReaderWakes() throws Exception {
        open(SANDBOX);
        CompletableFuture<Boolean> reader = readerWaitingFor(SANDBOX, 1);

        projection.on(topUpRequested(TOP_UP, 50_000), 1);

        assertThat(reader.get(5, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void openingAnnouncesTheFirstSequence() throws Exception {
        CompletableFuture<Boolean> reader = readerWaitingFor(SANDBOX, 0);

        projection.on(new WalletOpenedEvent(SANDBOX, Mode.SANDBOX, OPENED_AT), 0);

        assertThat(reader.get(5, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void aSkippedDuplicateStillAnnouncesItsSequence() throws Exception {
        fund(SANDBOX, 50_000);
        CompletableFuture<Boolean> reader = readerWaitingFor(SANDBOX, 2);

        projection.on(topUpSettled(TOP_UP, 50_000), 2);

        assertThat(reader.get(5, TimeUnit.SECONDS)).isTrue();
    }

    // helpers

    /**
     * The invariant of the issue, per mode: credits - debits - in transit = available; and the ledger (what the
     * newest transaction reports as its balance) = available + in transit.
     */
    private void assertInvariant() {
        for (WalletBalanceView wallet : wallets.values()) {
            List<FundingTransactionView> ofMode = transactions.values().stream()
                    .filter(row -> row.mode() == wallet.mode()).toList();
            long credits = ofMode.stream().filter(row -> row.type() == TransactionType.CREDIT)
                    .mapToLong(FundingTransactionView::amount).sum();
            long debits = ofMode.stream().filter(row -> row.type() == TransactionType.DEBIT)
                    .mapToLong(FundingTransactionView::amount).sum();
            assertThat(credits - debits - wallet.inTransit()).as("credits - debits - in transit of " + wallet.id())
                    .isEqualTo(wallet.available());
            assertThat(wallet.ledger()).isEqualTo(wallet.available() + wallet.inTransit());
            ofMode.stream().max(Comparator.comparingLong(FundingTransactionView::position))
                    .ifPresent(newest -> assertThat(newest.balance()).isEqualTo(wallet.ledger()));
            assertThat(wallet.available()).isNotNegative();
            assertThat(wallet.inTransit()).isNotNegative();
        }
    }

    private void open(WalletId wallet) {
        projection.on(new WalletOpenedEvent(wallet, Mode.SANDBOX, OPENED_AT), 0);
    }

    /** Sequence numbers 0 .. 2 of the sandbox wallet. */
    private void fund(WalletId wallet, long amount) {
        open(wallet);
        projection.on(topUpRequested(TOP_UP, amount), 1);
        projection.on(topUpSettled(TOP_UP, amount), 2);
    }

    private static TopUpRequestedEvent topUpRequested(TransactionId id, long amount) {
        return new TopUpRequestedEvent(SANDBOX, Mode.SANDBOX, id, amount, "march float", "bank_transfer", OPENED_AT);
    }

    private static TopUpSettledEvent topUpSettled(TransactionId id, long amount) {
        return new TopUpSettledEvent(SANDBOX, Mode.SANDBOX, id, amount, "march float", "automatic", SETTLED_AT);
    }

    private static FundsReservedEvent reserved(WalletId wallet, Reservation... reservations) {
        return new FundsReservedEvent(wallet, Mode.SANDBOX, List.of(reservations), RESERVED_AT);
    }

    private static PayoutCompletedEvent completed(PayoutId payout, Mode mode, long amount) {
        return new PayoutCompletedEvent(payout, mode, DRIVER, amount, amount, COMPLETED_AT);
    }

    private static PayoutId payout(int n) {
        return new PayoutId("pay_" + String.format("%032x", n));
    }

    private WalletBalanceView wallet(WalletId id) {
        assertThat(wallets).containsKey(id.value());
        return wallets.get(id.value());
    }

    private CompletableFuture<Boolean> readerWaitingFor(WalletId wallet, long minVersion) throws Exception {
        CompletableFuture<Void> registered = new CompletableFuture<>();
        CompletableFuture<Boolean> reader = CompletableFuture.supplyAsync(() -> progress.await(wallet.value(),
                minVersion, () -> {
                    registered.complete(null);
                    return -1;
                }, Duration.ofMillis(500)), readers);
        registered.get(5, TimeUnit.SECONDS);
        return reader;
    }
}
