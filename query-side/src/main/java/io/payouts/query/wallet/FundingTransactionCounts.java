package io.payouts.query.wallet;

import io.payouts.shared.Mode;
import io.payouts.shared.wallet.TransactionType;
import org.springframework.jdbc.core.JdbcTemplate;

import java.sql.Date;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code funding_transaction_count}: how many credits and debits each mode has, by the UTC day they are dated, so that
 * the transactions' total is a sum over days whatever their number (ADR-0045). Written with the transactions, in the
 * same transaction; transactions are only ever added, or all of a mode deleted.
 */
final class FundingTransactionCounts {

    private static final Comparator<Key> ORDER = Comparator.comparing(Key::mode).thenComparing(Key::type)
            .thenComparing(Key::day);

    private final JdbcTemplate jdbc;

    FundingTransactionCounts(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    void add(Collection<FundingTransactionRow> added) {
        Map<Key, Long> changes = new TreeMap<>(ORDER);
        added.forEach(row -> changes.merge(new Key(row.mode(), row.type(),
                LocalDate.ofInstant(row.createdAt(), ZoneOffset.UTC)), 1L, Long::sum));
        if (changes.isEmpty()) {
            return;
        }
        List<Object[]> rows = new ArrayList<>();
        changes.forEach((key, change) -> rows.add(new Object[] {key.mode().name(), key.type().name(),
                Date.valueOf(key.day()), change}));
        jdbc.batchUpdate("""
                insert into funding_transaction_count (mode, type, day, transactions) values (?, ?, ?, ?)
                on conflict (mode, type, day)
                    do update set transactions = funding_transaction_count.transactions + excluded.transactions""",
                rows);
    }

    /** The mode's transactions of one type or (null) both, dated one UTC day or (null) any. */
    long count(Mode mode, TransactionType type, LocalDate day) {
        StringBuilder sql = new StringBuilder(
                "select coalesce(sum(transactions), 0) from funding_transaction_count where mode = ?");
        List<Object> arguments = new ArrayList<>(List.of(mode.name()));
        if (type != null) {
            sql.append(" and type = ?");
            arguments.add(type.name());
        }
        if (day != null) {
            sql.append(" and day = ?");
            arguments.add(Date.valueOf(day));
        }
        Long count = jdbc.queryForObject(sql.toString(), Long.class, arguments.toArray());
        return count == null ? 0 : count;
    }

    void deleteAll() {
        jdbc.update("delete from funding_transaction_count");
    }

    void deleteMode(Mode mode) {
        jdbc.update("delete from funding_transaction_count where mode = ?", mode.name());
    }

    private record Key(Mode mode, TransactionType type, LocalDate day) {
    }
}
