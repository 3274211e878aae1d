package io.payouts.query.wallet;

import io.payouts.testsupport.DatabaseTest;
import io.payouts.query.QuerySideDatabase;
import io.payouts.query.consistency.ConsistencyFixtures;
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
import io.payouts.shared.wallet.WalletEvent;
import io.payouts.shared.wallet.WalletId;
import io.payouts.shared.wallet.WalletOpenedEvent;
import org.axonframework.eventhandling.AnnotationEventHandlerAdapter;
import org.axonframework.eventhandling.GapAwareTrackingToken;
import org.axonframework.eventhandling.GenericDomainEventMessage;
import org.axonframework.eventhandling.GenericTrackedDomainEventMessage;
import org.axonframework.eventhandling.TrackedEventMessage;
import org.axonframework.messaging.unitofwork.DefaultUnitOfWork;
import org.axonframework.messaging.unitofwork.UnitOfWork;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

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
    private final WalletMovements movements = new WalletMovements(DATABASE.jdbc());
    private final WalletProjection projection = new WalletProjection(wallets, topUps, transactions, movements,
            ConsistencyFixtures.eventStreamPositions(DATABASE.jdbc()));
    private final StoredEvents events = new StoredEvents(DATABASE);

    @BeforeEach
    void startFromNothing() {
        DATABASE.empty();
    }

    @Test
    void withoutAUnitOfWorkEachHandledEventIsWrittenAtOnce() {
        handleAlone(0, new WalletOpenedEvent(SANDBOX, Mode.SANDBOX, OPENED_AT));
        assertThat(balance()).isEqualTo(WalletBalance.EMPTY);
        handleAlone(1, topUpRequested(50_000));
        assertThat(balance()).isEqualTo(new WalletBalance(0, 50_000, 0));
        handleAlone(2, topUpSettled(50_000));
        assertThat(balance()).isEqualTo(new WalletBalance(50_000, 0, 0));
        handleAlone(3, reserved(new Reservation(payout(1), 10_000), new Reservation(payout(2), 5_000)));
        assertThat(balance()).isEqualTo(new WalletBalance(35_000, 0, 15_000));
        handleAlone(4, new FundsReleasedEvent(SANDBOX, Mode.SANDBOX, payout(2), 5_000, COMPLETED_AT));
        assertThat(balance()).isEqualTo(new WalletBalance(40_000, 0, 10_000));

        PayoutCompletedEvent completed = completed(payout(1), 10_000);
        projection.on(completed, 3, events.of(payout(1).value(), 3, completed));

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
        projection.on(completed(payout(1), 10_000), 3, events.of(payout(1).value(), 3, completed(payout(1), 10_000)));

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
    void aReturnedPayoutRetriedAndCompletedAgainIsDebitedAgain() {
        TransactionId credit = new TransactionId("txn_" + "b".repeat(32));
        fund(50_000);
        projection.apply(List.of(on(SANDBOX, 3, reserved(new Reservation(payout(1), 10_000))),
                on(payout(1).value(), 3, completed(payout(1), 10_000))));
        projection.apply(List.of(on(SANDBOX, 4, new ReturnedFundsCreditedEvent(SANDBOX, Mode.SANDBOX, credit,
                payout(1), 10_000, "AC04 closed account number", COMPLETED_AT.plusSeconds(3_600)))));

        projection.apply(List.of(on(SANDBOX, 5, reserved(new Reservation(payout(1), 10_000))),
                on(payout(1).value(), 7, completed(payout(1), 10_000))));
        projection.apply(List.of(on(payout(1).value(), 7, completed(payout(1), 10_000))));

        assertThat(balance()).as("the second completion debits the second reservation")
                .isEqualTo(new WalletBalance(40_000, 0, 0));
        assertThat(newestFirst()).extracting(FundingTransaction::type).containsExactly(TransactionType.DEBIT,
                TransactionType.CREDIT, TransactionType.DEBIT, TransactionType.CREDIT);
        assertLedgerAddsUp();
    }

    // the stream's order, not the processor's

    /**
     * PostgreSQL numbers an event when it is inserted, not when it commits: a settlement numbered before a completion
     * can commit after it, so the live processor meets the completion first and the settlement later (a gap filled
     * late), while a rebuild meets them in the stream's order. Both must leave the same rows.
     */
    @Test
    void anEventCommittedLateIntoAGapLeavesTheRowsARebuildLeaves() throws Exception {
        List<TrackedEventMessage<?>> stream = streamWithALateSettlement();
        handleInOneBatch(stream);
        List<String> rebuilt = rows();
        projection.onReset();

        for (TrackedEventMessage<?> event : asTheLiveProcessorMetThem(stream)) {
            handleInOneBatch(List.of(event));
        }

        assertThat(rows()).isEqualTo(rebuilt);
    }

    @Test
    void aTransactionCommittedLateIsListedAtItsPlaceInTheStreamWithTheBalanceAfterIt() throws Exception {
        List<TrackedEventMessage<?>> stream = streamWithALateSettlement();

        for (TrackedEventMessage<?> event : asTheLiveProcessorMetThem(stream)) {
            handleInOneBatch(List.of(event));
        }

        assertThat(newestFirst()).extracting(FundingTransaction::type, FundingTransaction::amount,
                FundingTransaction::balance).containsExactly(tuple(TransactionType.DEBIT, 10_000L, 60_000L),
                tuple(TransactionType.CREDIT, 20_000L, 70_000L), tuple(TransactionType.CREDIT, 50_000L, 50_000L));
        assertThat(balance()).isEqualTo(new WalletBalance(60_000, 0, 0));
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

    /**
     * Per mode, in the tables: credits - debits - in transit = available; ledger = available + in transit; each
     * transaction's balance is the sum of the amounts up to it in the stream's order, the newest's the ledger.
     */
    private static void assertLedgerAddsUp() {
        List<String> broken = DATABASE.jdbc().queryForList("""
                select w.mode from wallet_balance_view w
                where w.available <> (select coalesce(sum(case t.type when 'CREDIT' then t.amount else -t.amount end), 0)
                                      from funding_transaction_view t where t.mode = w.mode) - w.in_transit
                   or w.ledger <> w.available + w.in_transit
                   or w.ledger <> coalesce((select t.balance from funding_transaction_view t where t.mode = w.mode
                                            order by t.global_position desc limit 1), 0)
                   or exists (select 1 from (select t.balance, sum(case t.type when 'CREDIT' then t.amount
                                                                   else -t.amount end)
                                                                   over (order by t.global_position) as running
                                             from funding_transaction_view t where t.mode = w.mode) r
                              where r.balance <> r.running)""", String.class);
        assertThat(broken).as("wallets whose ledger does not add up").isEmpty();
    }

    /**
     * A funded wallet, a reservation for payout 1, and then a second top-up's settlement stored just before payout
     * 1's completion: the last two are the two commits that race.
     */
    private static List<TrackedEventMessage<?>> streamWithALateSettlement() {
        TransactionId second = new TransactionId("txn_" + "c".repeat(32));
        return stored(List.of(
                new GenericDomainEventMessage<>("Wallet", SANDBOX.value(), 0,
                        new WalletOpenedEvent(SANDBOX, Mode.SANDBOX, OPENED_AT)),
                new GenericDomainEventMessage<>("Wallet", SANDBOX.value(), 1, topUpRequested(50_000)),
                new GenericDomainEventMessage<>("Wallet", SANDBOX.value(), 2, topUpSettled(50_000)),
                new GenericDomainEventMessage<>("Wallet", SANDBOX.value(), 3,
                        reserved(new Reservation(payout(1), 10_000))),
                new GenericDomainEventMessage<>("Wallet", SANDBOX.value(), 4, new TopUpRequestedEvent(SANDBOX,
                        Mode.SANDBOX, second, 20_000, "april float", "bank_transfer", RESERVED_AT)),
                new GenericDomainEventMessage<>("Wallet", SANDBOX.value(), 5, new TopUpSettledEvent(SANDBOX,
                        Mode.SANDBOX, second, 20_000, "april float", "automatic", COMPLETED_AT)),
                new GenericDomainEventMessage<>("Payout", payout(1).value(), 3, completed(payout(1), 10_000))));
    }

    /** Stores the events in this order, and reads them back as the stream delivers them, each with its token. */
    private static List<TrackedEventMessage<?>> stored(List<GenericDomainEventMessage<?>> events) {
        List<TrackedEventMessage<?>> stream = new ArrayList<>();
        for (GenericDomainEventMessage<?> event : events) {
            DATABASE.eventStore().publish(event);
            long index = DATABASE.jdbc().queryForObject(
                    "select global_index from domain_event_entry where event_identifier = ?", Long.class,
                    event.getIdentifier());
            stream.add(new GenericTrackedDomainEventMessage<>(GapAwareTrackingToken.newInstance(index, Set.of()),
                    event));
        }
        return stream;
    }

    /**
     * The last event of the stream before the one ahead of it, with the tokens Axon gives them then: the first met
     * leaves a gap below it, and the late one, filling it, carries the same highest position.
     */
    private static List<TrackedEventMessage<?>> asTheLiveProcessorMetThem(List<TrackedEventMessage<?>> stream) {
        int size = stream.size();
        TrackedEventMessage<?> late = stream.get(size - 2);
        TrackedEventMessage<?> early = stream.get(size - 1);
        long lateIndex = late.trackingToken().position().orElseThrow();
        long highest = early.trackingToken().position().orElseThrow();
        List<TrackedEventMessage<?>> met = new ArrayList<>(stream.subList(0, size - 2));
        met.add(early.withTrackingToken(GapAwareTrackingToken.newInstance(highest, Set.of(lateIndex))));
        met.add(late.withTrackingToken(GapAwareTrackingToken.newInstance(highest, Set.of())));
        return met;
    }

    /** Hands these events to the projection's handlers as a tracking processor does: one batch, one unit of work. */
    private void handleInOneBatch(List<TrackedEventMessage<?>> events) throws Exception {
        AnnotationEventHandlerAdapter handlers = new AnnotationEventHandlerAdapter(projection);
        UnitOfWork<?> batch = DefaultUnitOfWork.startAndGet(null);
        try {
            for (TrackedEventMessage<?> event : events) {
                handlers.handle(event);
            }
        } catch (Exception failure) {
            batch.rollback(failure);
            throw failure;
        }
        batch.commit();
    }

    /** Every row of the wallet projection's tables, as the read models' checksum reads them. */
    private static List<String> rows() {
        List<String> rows = new ArrayList<>();
        for (String table : List.of("wallet_balance_view", "top_up_view", "funding_transaction_view")) {
            rows.addAll(DATABASE.jdbc().queryForList("select '" + table + " ' || t::text from " + table
                    + " t order by 1", String.class));
        }
        return rows;
    }

    private void fund(long amount) {
        projection.apply(List.of(on(SANDBOX, 0, new WalletOpenedEvent(SANDBOX, Mode.SANDBOX, OPENED_AT)),
                on(SANDBOX, 1, topUpRequested(amount)), on(SANDBOX, 2, topUpSettled(amount))));
    }

    private WalletBalance balance() {
        return wallets.of(Mode.SANDBOX).orElseThrow().toBalance();
    }

    private List<FundingTransaction> newestFirst() {
        return transactions.page(Mode.SANDBOX, null, null, new PageRequest(1, 100)).items();
    }

    /** An event of the sandbox wallet's stream, handled outside any processor batch. */
    private void handleAlone(long sequence, WalletEvent event) {
        projection.on(event, sequence, events.of(SANDBOX.value(), sequence, event));
    }

    private Collected on(WalletId wallet, long sequence, Object event) {
        return events.collected(wallet.value(), sequence, event);
    }

    private Collected on(String aggregateId, long sequence, Object event) {
        return events.collected(aggregateId, sequence, event);
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
