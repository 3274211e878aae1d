package io.payouts.query.wallet;

import io.payouts.query.consistency.DayCounts;
import io.payouts.shared.Mode;
import io.payouts.shared.PageRequest;
import io.payouts.shared.ResultPage;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.wallet.FundingTransaction;
import io.payouts.shared.wallet.TransactionId;
import io.payouts.shared.wallet.TransactionType;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static io.payouts.query.consistency.SqlValues.instant;
import static io.payouts.query.consistency.SqlValues.setInstant;
import static io.payouts.query.consistency.SqlValues.startOfUtcDay;

/**
 * {@code funding_transaction_view} through plain SQL (ADR-0018), in the stream's order (ADR-0039): each row's
 * {@code balance} is the running sum of its mode's amounts by {@code global_position}, so the table is the same
 * whatever the order the projection met the events in.
 */
@Component
class FundingTransactionRows {

    private static final String COLUMNS = """
            id, mode, type, amount, balance, description, payout_id, created_at, global_position, fee""";

    /**
     * The balances of a mode's transactions from a position on, each the one before it (or 0) plus the amounts up to
     * it; only those that change are written.
     */
    private static final String REBALANCE = """
            update funding_transaction_view t set balance = later.balance
            from (select id, coalesce((select balance from funding_transaction_view
                                       where mode = ? and global_position < ?
                                       order by global_position desc limit 1), 0)
                             + sum(case type when 'CREDIT' then amount else -amount end)
                               over (order by global_position) as balance
                  from funding_transaction_view where mode = ? and global_position >= ?) later
            where t.id = later.id and t.balance <> later.balance""";

    private final JdbcTemplate jdbc;
    /** The list's totals: transactions are only added, or all of a mode deleted (ADR-0045). */
    private final DayCounts counts;
    /** What each day's transactions of a type add up to, from which a statement opens (ADR-0042). */
    private final DayCounts amounts;

    FundingTransactionRows(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
        this.counts = new DayCounts(jdbc, "funding_transaction_count", "type", "transactions");
        this.amounts = new DayCounts(jdbc, "funding_transaction_amount", "type", "amount");
    }

    /** Which of these transaction ids are stored, each with the global position of the event that made it. */
    Map<String, Long> existing(Collection<String> ids) {
        Map<String, Long> existing = new HashMap<>();
        if (!ids.isEmpty()) {
            jdbc.query("select id, global_position from funding_transaction_view where id = any (?)",
                    resultSet -> {
                        existing.put(resultSet.getString(1), resultSet.getLong(2));
                    }, (Object) ids.toArray(String[]::new));
        }
        return existing;
    }

    /**
     * Adds transactions, each with the balance after it. They usually come after every stored one of their mode, and
     * their balances follow from the newest stored; one that comes before some (its event committed late, into a
     * gap) also moves the balances of those after it. The list's counts and the days' amounts move with them.
     */
    void insert(Collection<FundingTransactionRow> rows) {
        Map<DayCounts.Key, Long> counted = DayCounts.changes();
        Map<DayCounts.Key, Long> added = DayCounts.changes();
        rows.forEach(row -> {
            DayCounts.Key day = new DayCounts.Key(row.mode(), row.type().name(),
                    LocalDate.ofInstant(row.createdAt(), ZoneOffset.UTC));
            counted.merge(day, 1L, Long::sum);
            added.merge(day, row.amount(), Long::sum);
        });
        counts.add(counted);
        amounts.add(added);
        Map<Mode, List<FundingTransactionRow>> byMode = rows.stream()
                .sorted(Comparator.comparingLong(FundingTransactionRow::globalPosition))
                .collect(Collectors.groupingBy(FundingTransactionRow::mode, () -> new EnumMap<>(Mode.class),
                        Collectors.toList()));
        byMode.forEach((mode, inMode) -> {
            Newest newest = newest(mode);
            long first = inMode.get(0).globalPosition();
            long balance = newest.balance();
            List<Balanced> values = new ArrayList<>();
            for (FundingTransactionRow row : inMode) {
                balance += row.signedAmount();
                values.add(new Balanced(row, balance));
            }
            jdbc.batchUpdate("insert into funding_transaction_view (" + COLUMNS
                    + ") values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", values, values.size(), (statement, value) -> {
                FundingTransactionRow row = value.row();
                statement.setString(1, row.id());
                statement.setString(2, row.mode().name());
                statement.setString(3, row.type().name());
                statement.setLong(4, row.amount());
                statement.setLong(5, value.balance());
                statement.setString(6, row.description());
                statement.setString(7, row.payoutId());
                setInstant(statement, 8, row.createdAt());
                statement.setLong(9, row.globalPosition());
                statement.setLong(10, row.fee());
            });
            if (newest.globalPosition() > first) {
                jdbc.update(REBALANCE, mode.name(), first, mode.name(), first);
            }
        });
    }

    /**
     * Newest first in the stream's order; a null type lists credits and debits, a null date every day, a date the
     * transactions dated that UTC day (ADR-0042).
     */
    ResultPage<FundingTransaction> page(Mode mode, TransactionType type, LocalDate date, PageRequest request) {
        StringBuilder where = new StringBuilder(" where mode = ?");
        List<Object> arguments = new ArrayList<>(List.of(mode.name()));
        if (type != null) {
            where.append(" and type = ?");
            arguments.add(type.name());
        }
        if (date != null) {
            where.append(" and created_at >= ? and created_at < ?");
            arguments.add(startOfUtcDay(date));
            arguments.add(startOfUtcDay(date.plusDays(1)));
        }
        long total = counts.count(mode, type == null ? null : type.name(), date, date);
        List<Object> paged = new ArrayList<>(arguments);
        paged.add(request.pageSize());
        paged.add(request.offset());
        List<FundingTransaction> transactions = jdbc.query("select " + COLUMNS + " from funding_transaction_view"
                + where + " order by global_position desc limit ? offset ?",
                (resultSet, index) -> transaction(resultSet), paged.toArray());
        return new ResultPage<>(transactions, total, request.page(), request.pageSize());
    }

    void deleteAll() {
        jdbc.update("delete from funding_transaction_view");
        counts.deleteAll();
        amounts.deleteAll();
    }

    void deleteMode(Mode mode) {
        jdbc.update("delete from funding_transaction_view where mode = ?", mode.name());
        counts.deleteMode(mode);
        amounts.deleteMode(mode);
    }

    /** The mode's newest stored transaction: its position and the balance after it; none is at -1 with 0. */
    private Newest newest(Mode mode) {
        return jdbc.query("""
                        select global_position, balance from funding_transaction_view where mode = ?
                        order by global_position desc limit 1""",
                (row, index) -> new Newest(row.getLong("global_position"), row.getLong("balance")), mode.name())
                .stream().findFirst().orElse(new Newest(-1, 0));
    }

    private record Newest(long globalPosition, long balance) {
    }

    private record Balanced(FundingTransactionRow row, long balance) {
    }

    private static FundingTransaction transaction(ResultSet row) throws SQLException {
        String payoutId = row.getString("payout_id");
        return new FundingTransaction(new TransactionId(row.getString("id")),
                TransactionType.valueOf(row.getString("type")), row.getLong("amount"), row.getLong("balance"),
                row.getString("description"), payoutId == null ? null : new PayoutId(payoutId),
                instant(row, "created_at"));
    }
}
