package io.payouts.query.wallet;

import io.payouts.query.QuerySideDatabase;
import io.payouts.shared.Mode;
import io.payouts.shared.PageRequest;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.wallet.FundingTransaction;
import io.payouts.shared.wallet.TransactionType;
import io.payouts.testsupport.DatabaseTest;
import io.payouts.testsupport.ReadModelDatabase;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/**
 * The funding transactions' table keeps each balance the running sum of its mode's amounts in the stream's order,
 * whatever the order the transactions are added in: one added below stored ones (its event committed late, into a
 * gap) moves their balances. The list's totals are kept per type and day and equal its rows.
 */
@DatabaseTest
class FundingTransactionRowsTest {

    private static final ReadModelDatabase DATABASE = QuerySideDatabase.migrated();
    private static final Instant AT = Instant.parse("2025-01-15T09:00:00Z");
    private static final List<FundingTransactionRow> STREAM = List.of(
            credit(10, Mode.SANDBOX, 50_000),
            debit(11, Mode.SANDBOX, 2_000),
            credit(12, Mode.PRODUCTION, 9_000),
            credit(13, Mode.SANDBOX, 1_000),
            debit(14, Mode.SANDBOX, 4_000));

    private final FundingTransactionRows transactions = new FundingTransactionRows(DATABASE.jdbc());

    @BeforeEach
    void startFromNothing() {
        DATABASE.empty();
    }

    @Test
    void eachBalanceIsTheSumOfTheAmountsUpToItInTheStreamsOrder() {
        transactions.insert(STREAM);

        assertThat(newestFirst(Mode.SANDBOX)).extracting(FundingTransaction::amount, FundingTransaction::balance)
                .containsExactly(tuple(4_000L, 45_000L), tuple(1_000L, 49_000L), tuple(2_000L, 48_000L),
                        tuple(50_000L, 50_000L));
        assertThat(newestFirst(Mode.PRODUCTION)).extracting(FundingTransaction::balance).containsExactly(9_000L);
    }

    /** Each order is batches of indexes into {@link #STREAM}, the batches separated by spaces. */
    @Test
    void theTableIsTheSameWhicheverOrderTheTransactionsAreAddedIn() {
        transactions.insert(STREAM);
        List<String> inTheStreamsOrder = rows();

        for (String order : List.of("0124 3", "4 3 2 1 0", "14 023", "43210")) {
            transactions.deleteAll();
            for (String batch : order.split(" ")) {
                transactions.insert(batch.chars().mapToObj(index -> STREAM.get(index - '0')).toList());
            }

            assertThat(rows()).as("added in batches %s", order).isEqualTo(inTheStreamsOrder);
        }
    }

    @Test
    void aTransactionAddedBelowStoredOnesMovesTheirBalancesInItsModeOnly() {
        transactions.insert(List.of(STREAM.get(0), STREAM.get(1), STREAM.get(2), STREAM.get(4)));
        assertThat(newestFirst(Mode.SANDBOX)).extracting(FundingTransaction::balance)
                .containsExactly(44_000L, 48_000L, 50_000L);

        transactions.insert(List.of(STREAM.get(3)));

        assertThat(newestFirst(Mode.SANDBOX)).extracting(FundingTransaction::balance)
                .containsExactly(45_000L, 49_000L, 48_000L, 50_000L);
        assertThat(newestFirst(Mode.PRODUCTION)).extracting(FundingTransaction::balance).containsExactly(9_000L);
    }

    @Test
    void theTypeFilterShowsEachTransactionWithTheBalanceOfAllItsModesTransactions() {
        transactions.insert(STREAM);

        assertThat(transactions.page(Mode.SANDBOX, TransactionType.CREDIT, null, new PageRequest(1, 25)).items())
                .extracting(FundingTransaction::balance).containsExactly(49_000L, 50_000L);
    }

    @Test
    void theTotalsAreKeptPerTypeAndDayAndMatchTheRowsWhateverTheFilter() throws IOException {
        List<FundingTransactionRow> days = new ArrayList<>();
        for (int n = 0; n < 30; n++) {
            Instant at = AT.plus(Duration.ofHours(5L * n));
            days.add(n % 3 == 0
                    ? FundingTransactionRow.credit(String.format("txn_%032x", n), Mode.values()[n % 2], 1_000,
                            "top-up", at, n)
                    : FundingTransactionRow.debit(new PayoutId(String.format("pay_%032x", n)), Mode.values()[n % 2],
                            100, 0, at, n));
        }
        transactions.insert(days.subList(0, 12));
        transactions.insert(days.subList(12, 30));
        transactions.deleteMode(Mode.PRODUCTION);
        transactions.insert(days.stream().filter(row -> row.mode() == Mode.PRODUCTION).toList());

        assertTotalsEqualTheRows();
        assertThat(kept("funding_transaction_amount")).as("each day's amounts").isEqualTo(DATABASE.jdbc().queryForList(
                "select mode, type, (created_at at time zone 'UTC')::date as day, sum(amount)::bigint as amount"
                        + " from funding_transaction_view group by 1, 2, 3 order by 1, 2, 3"));
        for (String[] migration : new String[][] {{"V42__kept_list_counts.sql", "funding_transaction_count"},
                {"V45__funding_amounts_per_day.sql", "funding_transaction_amount"}}) {
            List<Map<String, Object>> kept = kept(migration[1]);
            DATABASE.jdbc().update("delete from " + migration[1]);
            DATABASE.jdbc().execute(backfillOf(migration[0], migration[1]));
            assertThat(kept(migration[1])).as("%s fills %s as it is kept", migration[0], migration[1])
                    .isEqualTo(kept);
        }
    }

    private void assertTotalsEqualTheRows() {
        for (Mode mode : Mode.values()) {
            for (TransactionType type : new TransactionType[] {null, TransactionType.CREDIT, TransactionType.DEBIT}) {
                for (int day = 14; day <= 22; day++) {
                    LocalDate date = day == 14 ? null : LocalDate.of(2025, 1, day);
                    List<FundingTransaction> all = transactions.page(mode, type, date, new PageRequest(1, 100))
                            .items();
                    assertThat(transactions.page(mode, type, date, new PageRequest(1, 1)).total())
                            .as("%s %s %s", mode, type, date).isEqualTo(all.size());
                }
            }
        }
    }

    private static List<Map<String, Object>> kept(String table) {
        return DATABASE.jdbc().queryForList("select * from " + table + " order by mode, type, day");
    }

    private static String backfillOf(String file, String table) throws IOException {
        try (InputStream in = FundingTransactionRowsTest.class.getResourceAsStream(
                "/db/migration/query-side/" + file)) {
            String migration = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            int insert = migration.indexOf("insert into " + table);
            return migration.substring(insert, migration.indexOf(';', insert) + 1);
        }
    }

    private List<FundingTransaction> newestFirst(Mode mode) {
        return transactions.page(mode, null, null, new PageRequest(1, 100)).items();
    }

    private static List<String> rows() {
        return DATABASE.jdbc().queryForList("select t::text from funding_transaction_view t order by 1", String.class);
    }

    private static FundingTransactionRow credit(long globalPosition, Mode mode, long amount) {
        return FundingTransactionRow.credit(String.format("txn_%032x", globalPosition), mode, amount,
                "top-up " + globalPosition, AT, globalPosition);
    }

    private static FundingTransactionRow debit(long globalPosition, Mode mode, long amount) {
        return FundingTransactionRow.debit(new PayoutId(String.format("pay_%032x", globalPosition)), mode, amount, 0, AT,
                globalPosition);
    }
}
