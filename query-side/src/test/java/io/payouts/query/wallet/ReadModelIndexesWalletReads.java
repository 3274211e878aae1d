package io.payouts.query.wallet;

import io.payouts.query.batch.BatchFixtures;
import io.payouts.query.consistency.ConsistencyFixtures;
import io.payouts.query.payout.PayoutFixtures;
import io.payouts.shared.Mode;
import io.payouts.shared.PageRequest;
import io.payouts.shared.wallet.FindFundingAlertQuery;
import io.payouts.shared.wallet.FindFundingProjectionQuery;
import io.payouts.shared.wallet.FindFundingStatementQuery;
import io.payouts.shared.wallet.FindFundingTransactionsQuery;
import io.payouts.shared.wallet.FindTopUpsQuery;
import io.payouts.shared.wallet.FindWalletBalanceQuery;
import io.payouts.shared.wallet.TopUp;
import io.payouts.shared.wallet.TransactionType;
import org.springframework.jdbc.core.JdbcTemplate;

import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.IntStream;

import static io.payouts.query.ReadModelIndexesFixtures.LAST_DAY;
import static io.payouts.query.ReadModelIndexesFixtures.payoutId;
import static io.payouts.query.ReadModelIndexesFixtures.topUpId;

/**
 * The funding reads the API serves (balance, as of an instant too, transactions, statements, the projection, top-ups
 * and alerts), with each filter they offer, and the wallet projection's loads, by name.
 */
public final class ReadModelIndexesWalletReads {

    private static final Mode MODE = Mode.PRODUCTION;

    private ReadModelIndexesWalletReads() {
    }

    public static Map<String, Callable<?>> over(JdbcTemplate jdbc) {
        FundingTransactionRows transactions = new FundingTransactionRows(jdbc);
        WalletQueryHandler wallet = new WalletQueryHandler(new WalletRows(jdbc), transactions,
                new FundingStatements(new FundingStatementRows(jdbc)), PayoutFixtures.inFlightPayouts(jdbc),
                BatchFixtures.scheduledBatchOutflow(jdbc), ConsistencyFixtures.noProcessors(jdbc));
        TopUpRows topUps = new TopUpRows(jdbc);
        TopUpQueryHandler topUpList = new TopUpQueryHandler(topUps, ConsistencyFixtures.noProcessors(jdbc));
        FundingAlertQueryHandler alerts = new FundingAlertQueryHandler(new FundingAlertRows(jdbc),
                ConsistencyFixtures.noProcessors(jdbc));
        LocalDate day = LAST_DAY.minusDays(10);
        Map<String, Callable<?>> reads = new LinkedHashMap<>();
        reads.put("GET /balance", () -> wallet.handle(new FindWalletBalanceQuery(MODE)));
        reads.put("GET /balance?asOf=", () -> new WalletMovements(jdbc).balanceAsOf(MODE,
                day.atTime(14, 25).toInstant(ZoneOffset.UTC)));
        reads.put("GET /funding/transactions", () -> transactions(wallet, null, null, 1));
        reads.put("GET /funding/transactions page 500", () -> transactions(wallet, null, null, 500));
        reads.put("GET /funding/transactions?type=DEBIT page 500", () -> transactions(wallet,
                TransactionType.DEBIT, null, 500));
        reads.put("GET /funding/transactions?type=CREDIT", () -> transactions(wallet, TransactionType.CREDIT,
                null, 1));
        reads.put("GET /funding/transactions?date=", () -> transactions(wallet, null, day, 1));
        reads.put("GET /funding/transactions?type=CREDIT&date=", () -> transactions(wallet, TransactionType.CREDIT,
                day, 1));
        reads.put("GET /funding/statements a week", () -> wallet.handle(new FindFundingStatementQuery(MODE,
                day.minusDays(6), day)));
        reads.put("GET /funding/statements 60 days", () -> wallet.handle(new FindFundingStatementQuery(MODE,
                LAST_DAY.minusDays(59), LAST_DAY)));
        reads.put("GET /funding/projection", () -> wallet.handle(new FindFundingProjectionQuery(MODE, 30,
                LAST_DAY)));
        reads.put("GET /funding/topups", () -> topUps(topUpList, null, 1));
        reads.put("GET /funding/topups?status=pending", () -> topUps(topUpList, TopUp.PENDING, 1));
        reads.put("GET /funding/topups?status=settled page 50", () -> topUps(topUpList, TopUp.SETTLED, 50));
        reads.put("GET /funding/alerts", () -> alerts.handle(new FindFundingAlertQuery(MODE)));
        reads.put("wallet projection: load wallets, settled top-ups and debits by id", () -> List.of(
                new WalletRows(jdbc).byIds(List.of("wallet_production")),
                topUps.byIds(List.of(topUpId(1_000), topUpId(2_000))),
                transactions.existing(IntStream.rangeClosed(150_001, 150_100)
                        .mapToObj(n -> "txn_" + payoutId(n).substring("pay_".length())).toList())));
        return reads;
    }

    private static List<?> transactions(WalletQueryHandler wallet, TransactionType type, LocalDate date, int page) {
        return wallet.handle(new FindFundingTransactionsQuery(MODE, type, date, new PageRequest(page, 20))).page()
                .items();
    }

    private static List<?> topUps(TopUpQueryHandler topUps, String status, int page) {
        return topUps.handle(new FindTopUpsQuery(MODE, status, new PageRequest(page, 20))).page().items();
    }
}
