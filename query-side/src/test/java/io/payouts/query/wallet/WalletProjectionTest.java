package io.payouts.query.wallet;

import io.payouts.testsupport.DatabaseTest;
import io.payouts.query.QuerySideDatabase;
import io.payouts.testsupport.ReadModelDatabase;
import io.payouts.shared.Mode;
import io.payouts.shared.PageRequest;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.eventhandling.BatchedEventHandler.Collected;
import io.payouts.shared.payout.PayoutCompletedEvent;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.wallet.FundingTransaction;
import io.payouts.shared.wallet.FundsReleasedEvent;
import io.payouts.shared.wallet.FundsReservedEvent;
import io.payouts.shared.wallet.Reservation;
import io.payouts.shared.wallet.ReturnedFundsCreditedEvent;
import io.payouts.shared.wallet.TopUp;
import io.payouts.shared.wallet.TopUpRequestedEvent;
import io.payouts.shared.wallet.TopUpSettledEvent;
import io.payouts.shared.wallet.TransactionId;
import io.payouts.shared.wallet.TransactionType;
import io.payouts.shared.wallet.WalletBalance;
import io.payouts.shared.wallet.WalletId;
import io.payouts.shared.wallet.WalletOpenedEvent;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

/**
 * The wallet projection on PostgreSQL: balances, top-ups and funding transactions written a batch at a time; a
 * redelivered event, in the same batch or a later one, moves no money; the ledger adds up in the tables.
 */
@DatabaseTest
class WalletProjectionTest {

    private static final ReadModelDatabase DATABASE = QuerySideDatabase.migrated();
    private static final WalletId SANDBOX = WalletId.of(Mode.SANDBOX);
    private static final DriverId DRIVER = new DriverId("drv_" + "0".repeat(31) + "1");
    private static final TransactionId TOP_UP = new TransactionId("txn_" + "a".repeat(32));
    private static final Instant OPENED_AT = Instant.parse("2025-01-15T09:00:00Z");
    private static final Instant SETTLED_AT = Instant.parse("2025-01-15T09:00:01Z");
    private static final Instant RESERVED_AT = Instant.parse("2025-01-15T09:05:00Z");
    private static final Instant COMPLETED_AT = Instant.parse("2025-01-15T09:06:00Z");

    private final WalletRows wallets = new WalletRows(DATABASE.jdbc());
    private final TopUpRows topUps = new TopUpRows(DATABASE.jdbc());
    private final FundingTransactionRows transactions = new FundingTransactionRows(DATABASE.jdbc());
    private final WalletProjection projection = new WalletProjection(wallets, topUps, transactions);

    @BeforeEach
    void startFromNothing() {
        DATABASE.empty();
    }

    @Test
    void withoutAUnitOfWorkEachHandledEventIsWrittenAtOnce() {
        projection.on(new WalletOpenedEvent(SANDBOX, Mode.SANDBOX, OPENED_AT), 0);
        assertThat(balance()).isEqualTo(WalletBalance.EMPTY);
        projection.on(topUpRequested(50_000), 1);
        assertThat(balance()).isEqualTo(new WalletBalance(0, 50_000, 0));
        projection.on(topUpSettled(50_000), 2);
        assertThat(balance()).isEqualTo(new WalletBalance(50_000, 0, 0));
        projection.on(reserved(new Reservation(payout(1), 10_000), new Reservation(payout(2), 5_000)), 3);
        assertThat(balance()).isEqualTo(new WalletBalance(35_000, 0, 15_000));
        projection.on(new FundsReleasedEvent(SANDBOX, Mode.SANDBOX, payout(2), 5_000, COMPLETED_AT), 4);
        assertThat(balance()).isEqualTo(new WalletBalance(40_000, 0, 10_000));

        projection.on(completed(payout(1), 10_000), 3);

        assertThat(balance()).isEqualTo(new WalletBalance(40_000, 0, 0));
        assertThat(wallets.of(Mode.SANDBOX).orElseThrow()).extracting(WalletRow::ledger, WalletRow::walletVersion)
                .containsExactly(40_000L, 4L);
        assertThat(newestFirst()).extracting(FundingTransaction::type, FundingTransaction::balance)
                .containsExactly(tuple(TransactionType.DEBIT, 40_000L), tuple(TransactionType.CREDIT, 50_000L));
        assertLedgerAddsUp();
    }

    @Test
    void storesTheTopUpPendingAndThenSettled() {
        projection.apply(List.of(on(SANDBOX, 0, new WalletOpenedEvent(SANDBOX, Mode.SANDBOX, OPENED_AT)),
                on(SANDBOX, 1, topUpRequested(50_000))));
        assertThat(topUps.byIds(List.of(TOP_UP.value()))).containsValue(new TopUpRow(TOP_UP.value(), Mode.SANDBOX,
                50_000, TopUp.PENDING, "march float", "bank_transfer", OPENED_AT, null, null));

        projection.apply(List.of(on(SANDBOX, 2, topUpSettled(50_000))));

        assertThat(topUps.byIds(List.of(TOP_UP.value()))).containsValue(new TopUpRow(TOP_UP.value(), Mode.SANDBOX,
                50_000, TopUp.SETTLED, "march float", "bank_transfer", OPENED_AT, SETTLED_AT, "automatic"));
        assertThat(newestFirst()).containsExactly(new FundingTransaction(TOP_UP, TransactionType.CREDIT, 50_000,
                50_000, "march float", null, SETTLED_AT));
    }

    @Test
    void aWholeLifeInOneBatchEndsWhereEventByEventDoes() {
        projection.apply(List.of(
                on(SANDBOX, 0, new WalletOpenedEvent(SANDBOX, Mode.SANDBOX, OPENED_AT)),
                on(SANDBOX, 1, topUpRequested(50_000)),
                on(SANDBOX, 2, topUpSettled(50_000)),
                on(SANDBOX, 3, reserved(new Reservation(payout(1), 10_000), new Reservation(payout(2), 5_000))),
                on(SANDBOX, 4, new FundsReleasedEvent(SANDBOX, Mode.SANDBOX, payout(2), 5_000, COMPLETED_AT)),
                on(payout(1).value(), 3, completed(payout(1), 10_000))));

        assertThat(balance()).isEqualTo(new WalletBalance(40_000, 0, 0));
        assertThat(newestFirst()).extracting(FundingTransaction::type, FundingTransaction::balance)
                .containsExactly(tuple(TransactionType.DEBIT, 40_000L), tuple(TransactionType.CREDIT, 50_000L));
        assertLedgerAddsUp();
    }

    @Test
    void aBatchWithoutTopUpsOrTransactionsWritesTheWalletAlone() {
        fund(50_000);

        projection.apply(List.of(on(SANDBOX, 3, reserved(new Reservation(payout(1), 10_000)))));

        assertThat(balance()).isEqualTo(new WalletBalance(40_000, 0, 10_000));
        assertThat(newestFirst()).hasSize(1);
        assertLedgerAddsUp();
    }

    @Test
    void aCompletionRedeliveredInALaterBatchIsDebitedOnce() {
        fund(50_000);
        projection.apply(List.of(on(SANDBOX, 3, reserved(new Reservation(payout(1), 10_000)))));
        projection.apply(List.of(on(payout(1).value(), 3, completed(payout(1), 10_000))));

        projection.apply(List.of(on(payout(1).value(), 3, completed(payout(1), 10_000))));
        projection.on(completed(payout(1), 10_000), 3);

        assertThat(balance()).isEqualTo(new WalletBalance(40_000, 0, 0));
        assertThat(newestFirst()).hasSize(2);
        assertLedgerAddsUp();
    }

    @Test
    void aCompletionRedeliveredInTheSameBatchIsDebitedOnce() {
        fund(50_000);
        projection.apply(List.of(on(SANDBOX, 3, reserved(new Reservation(payout(1), 10_000)))));

        projection.apply(List.of(on(payout(1).value(), 3, completed(payout(1), 10_000)),
                on(payout(1).value(), 3, completed(payout(1), 10_000))));

        assertThat(newestFirst()).hasSize(2);
        assertLedgerAddsUp();
    }

    @Test
    void redeliveredWalletEventsMoveNoMoney() {
        fund(50_000);
        projection.apply(List.of(on(SANDBOX, 3, reserved(new Reservation(payout(1), 10_000)))));
        WalletRow before = wallets.of(Mode.SANDBOX).orElseThrow();

        projection.apply(List.of(on(SANDBOX, 0, new WalletOpenedEvent(SANDBOX, Mode.SANDBOX, OPENED_AT)),
                on(SANDBOX, 1, topUpRequested(50_000)), on(SANDBOX, 2, topUpSettled(50_000)),
                on(SANDBOX, 3, reserved(new Reservation(payout(1), 10_000)))));

        assertThat(wallets.of(Mode.SANDBOX)).contains(before);
        assertThat(newestFirst()).hasSize(1);
    }

    @Test
    void aReturnedPayoutIsCreditedBackOnceAsATransactionThatNamesIt() {
        TransactionId credit = new TransactionId("txn_" + "b".repeat(32));
        ReturnedFundsCreditedEvent returned = new ReturnedFundsCreditedEvent(SANDBOX, Mode.SANDBOX, credit, payout(1),
                10_000, "AC04 closed account number", COMPLETED_AT.plusSeconds(3_600));
        fund(50_000);
        projection.apply(List.of(on(SANDBOX, 3, reserved(new Reservation(payout(1), 10_000))),
                on(payout(1).value(), 3, completed(payout(1), 10_000))));

        projection.apply(List.of(on(SANDBOX, 4, returned)));
        projection.apply(List.of(on(SANDBOX, 4, returned)));

        assertThat(balance()).isEqualTo(new WalletBalance(50_000, 0, 0));
        assertThat(newestFirst()).first().isEqualTo(new FundingTransaction(credit, TransactionType.CREDIT, 10_000,
                50_000, "payout " + payout(1).value() + " returned: AC04 closed account number", payout(1),
                COMPLETED_AT.plusSeconds(3_600)));
        assertThat(newestFirst()).hasSize(3);
        assertLedgerAddsUp();
    }

    @Test
    void aWalletChangedBeforeItWasOpenedFailsTheBatchAndWritesNothing() {
        assertThatThrownBy(() -> projection.apply(List.of(on(SANDBOX, 1, topUpRequested(50_000)))))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining(SANDBOX.value());

        assertThat(wallets.of(Mode.SANDBOX)).isEmpty();
        assertThat(topUps.byIds(List.of(TOP_UP.value()))).isEmpty();
    }

    @Test
    void aResetEmptiesTheWalletsTopUpsAndTransactions() {
        fund(50_000);

        projection.onReset();

        assertThat(wallets.of(Mode.SANDBOX)).isEmpty();
        assertThat(topUps.byIds(List.of(TOP_UP.value()))).isEmpty();
        assertThat(newestFirst()).isEmpty();
    }

    /** Per mode, in the tables: credits - debits - in transit = available; ledger = available + in transit. */
    private static void assertLedgerAddsUp() {
        List<String> broken = DATABASE.jdbc().queryForList("""
                select w.mode from wallet_balance_view w
                where w.available <> (select coalesce(sum(case t.type when 'CREDIT' then t.amount else -t.amount end), 0)
                                      from funding_transaction_view t where t.mode = w.mode) - w.in_transit
                   or w.ledger <> w.available + w.in_transit
                   or w.ledger <> coalesce((select t.balance from funding_transaction_view t where t.mode = w.mode
                                            order by t.position desc limit 1), 0)""", String.class);
        assertThat(broken).as("wallets whose ledger does not add up").isEmpty();
    }

    private void fund(long amount) {
        projection.apply(List.of(on(SANDBOX, 0, new WalletOpenedEvent(SANDBOX, Mode.SANDBOX, OPENED_AT)),
                on(SANDBOX, 1, topUpRequested(amount)), on(SANDBOX, 2, topUpSettled(amount))));
    }

    private WalletBalance balance() {
        return wallets.of(Mode.SANDBOX).orElseThrow().toBalance();
    }

    private List<FundingTransaction> newestFirst() {
        return transactions.page(Mode.SANDBOX, null, new PageRequest(1, 100)).items();
    }

    private static Collected on(WalletId wallet, long sequence, Object event) {
        return new Collected(wallet.value(), event, sequence);
    }

    private static Collected on(String aggregateId, long sequence, Object event) {
        return new Collected(aggregateId, event, sequence);
    }

    private static TopUpRequestedEvent topUpRequested(long amount) {
        return new TopUpRequestedEvent(SANDBOX, Mode.SANDBOX, TOP_UP, amount, "march float", "bank_transfer",
                OPENED_AT);
    }

    private static TopUpSettledEvent topUpSettled(long amount) {
        return new TopUpSettledEvent(SANDBOX, Mode.SANDBOX, TOP_UP, amount, "march float", "automatic", SETTLED_AT);
    }

    private static FundsReservedEvent reserved(Reservation... reservations) {
        return new FundsReservedEvent(SANDBOX, Mode.SANDBOX, List.of(reservations), RESERVED_AT);
    }

    private static PayoutCompletedEvent completed(PayoutId payout, long amount) {
        return new PayoutCompletedEvent(payout, Mode.SANDBOX, DRIVER, amount, amount, COMPLETED_AT);
    }

    private static PayoutId payout(int n) {
        return new PayoutId(String.format("pay_%032x", n));
    }
}
