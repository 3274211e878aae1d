package io.payouts.query.wallet;

import io.payouts.query.batch.BatchFixtures;
import io.payouts.query.consistency.ConsistencyFixtures;
import io.payouts.query.payout.PayoutFixtures;
import io.payouts.testsupport.DatabaseTest;
import io.payouts.query.QuerySideDatabase;
import io.payouts.testsupport.ReadModelDatabase;
import io.payouts.shared.Mode;
import io.payouts.shared.PageRequest;
import io.payouts.shared.ResultPage;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.wallet.FindFundingTransactionsQuery;
import io.payouts.shared.wallet.FindWalletBalanceQuery;
import io.payouts.shared.wallet.FundingTransaction;
import io.payouts.shared.wallet.FundingTransactionPage;
import io.payouts.shared.wallet.TransactionId;
import io.payouts.shared.wallet.TransactionType;
import io.payouts.shared.wallet.WalletBalance;
import io.payouts.shared.wallet.WalletId;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The balance of the caller's mode's wallet, and its funding transactions newest first. */
@DatabaseTest
class WalletQueryHandlerTest {

    private static final ReadModelDatabase DATABASE = QuerySideDatabase.migrated();
    private static final Instant AT = Instant.parse("2025-01-15T09:00:00Z");

    private final WalletRows wallets = new WalletRows(DATABASE.jdbc());
    private final FundingTransactionRows transactions = new FundingTransactionRows(DATABASE.jdbc());
    private final WalletQueryHandler handler = new WalletQueryHandler(wallets, transactions,
            new FundingStatements(new FundingStatementRows(DATABASE.jdbc())), PayoutFixtures.inFlightPayouts(DATABASE.jdbc()), BatchFixtures.scheduledBatchOutflow(DATABASE.jdbc()),
            ConsistencyFixtures.noProcessors(DATABASE.jdbc()));

    @BeforeEach
    void startFromNothing() {
        DATABASE.empty();
    }

    // balance

    @Test
    void theBalanceOfTheCallersModesWallet() {
        wallets.upsert(List.of(
                new WalletRow(WalletId.of(Mode.SANDBOX).value(), Mode.SANDBOX, 38_000, 30_000, 12_000, 50_000, 1, AT,
                        AT, 3),
                new WalletRow(WalletId.of(Mode.PRODUCTION).value(), Mode.PRODUCTION, 1, 2, 3, 4, 0, AT, AT, 3)));

        assertThat(handler.handle(new FindWalletBalanceQuery(Mode.SANDBOX)))
                .isEqualTo(new WalletBalance(38_000, 30_000, 12_000));
    }

    @Test
    void aModeWhoseWalletWasNeverOpenedHasAnEmptyOne() {
        wallets.upsert(List.of(new WalletRow(WalletId.of(Mode.SANDBOX).value(), Mode.SANDBOX, 38_000, 0, 0, 38_000,
                1, AT, AT, 2)));

        assertThat(handler.handle(new FindWalletBalanceQuery(Mode.PRODUCTION))).isEqualTo(WalletBalance.EMPTY);
    }

    // funding transactions

    @Test
    void listsTheModesTransactionsNewestFirstInTheStreamsOrderEachWithTheBalanceAfterIt() {
        transactions.insert(List.of(
                credit(1, Mode.SANDBOX, 50_000, AT.plusSeconds(10)),
                debit(2, Mode.SANDBOX, 2_000, AT),
                credit(3, Mode.SANDBOX, 1_000, AT.plusSeconds(5)),
                credit(1, Mode.PRODUCTION, 9_000, AT)));

        FundingTransactionPage page = handler.handle(new FindFundingTransactionsQuery(Mode.SANDBOX, null,
                new PageRequest(1, 25)));

        assertThat(page.page().items()).extracting(FundingTransaction::balance)
                .as("by global position, whatever the times the commanders' clocks gave them")
                .containsExactly(49_000L, 48_000L, 50_000L);
        assertThat(page.page().total()).isEqualTo(3);
        PayoutId payout = new PayoutId(String.format("pay_%032x", 2));
        assertThat(page.page().items().get(1)).isEqualTo(new FundingTransaction(
                new TransactionId("txn_" + payout.value().substring(4)), TransactionType.DEBIT, 2_000, 48_000,
                "payout " + payout.value(), payout, AT));
        assertThat(page.page().items().get(2)).isEqualTo(new FundingTransaction(
                new TransactionId(String.format("txn_%032x", 1001)), TransactionType.CREDIT, 50_000, 50_000,
                "top-up 1", null, AT.plusSeconds(10)));
    }

    @Test
    void theTypeFilterListsThatTypeOnly() {
        transactions.insert(List.of(
                credit(1, Mode.SANDBOX, 50_000, AT),
                debit(2, Mode.SANDBOX, 2_000, AT),
                credit(3, Mode.SANDBOX, 1_000, AT),
                debit(4, Mode.SANDBOX, 4_000, AT)));

        FundingTransactionPage debits = handler.handle(new FindFundingTransactionsQuery(Mode.SANDBOX,
                TransactionType.DEBIT, new PageRequest(1, 25)));
        FundingTransactionPage credits = handler.handle(new FindFundingTransactionsQuery(Mode.SANDBOX,
                TransactionType.CREDIT, new PageRequest(1, 25)));

        assertThat(debits.page().items()).extracting(FundingTransaction::balance).containsExactly(45_000L, 48_000L);
        assertThat(debits.page().total()).isEqualTo(2);
        assertThat(credits.page().items()).extracting(FundingTransaction::balance).containsExactly(49_000L, 50_000L);
    }

    @Test
    void aPageHoldsItsSliceAndCountsTheWholeList() {
        for (int position = 1; position <= 5; position++) {
            transactions.insert(List.of(credit(position, Mode.SANDBOX, 1_000, AT)));
        }

        FundingTransactionPage page = handler.handle(new FindFundingTransactionsQuery(Mode.SANDBOX, null,
                new PageRequest(2, 2)));

        assertThat(page.page().items()).extracting(FundingTransaction::balance).containsExactly(3_000L, 2_000L);
        assertThat(page.page()).extracting(ResultPage::total, ResultPage::page, ResultPage::pageSize)
                .containsExactly(5L, 2, 2);
    }

    @Test
    void aModeWithoutTransactionsHasAnEmptyList() {
        transactions.insert(List.of(credit(1, Mode.SANDBOX, 50_000, AT)));

        FundingTransactionPage page = handler.handle(new FindFundingTransactionsQuery(Mode.PRODUCTION, null,
                new PageRequest(1, 25)));

        assertThat(page.page()).isEqualTo(ResultPage.empty(1, 25));
    }

    /** The top-up credit at this global position; a mode's positions are apart from the other's. */
    private static FundingTransactionRow credit(int position, Mode mode, long amount, Instant at) {
        return new FundingTransactionRow(String.format("txn_%032x", position + (mode == Mode.SANDBOX ? 1_000 : 2_000)),
                mode, TransactionType.CREDIT, amount, 0, "top-up " + position, null, at, globalPosition(position, mode));
    }

    /** The debit of payout {@code position}, at that global position. */
    private static FundingTransactionRow debit(int position, Mode mode, long amount, Instant at) {
        PayoutId payout = new PayoutId(String.format("pay_%032x", position));
        return new FundingTransactionRow(FundingTransactionRow.debitIdOf(payout), mode, TransactionType.DEBIT, amount,
                0, "payout " + payout.value(), payout.value(), at, globalPosition(position, mode));
    }

    private static long globalPosition(int position, Mode mode) {
        return mode == Mode.SANDBOX ? position : 100 + position;
    }
}
