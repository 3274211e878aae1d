package io.payouts.query.wallet;

import io.payouts.shared.Mode;
import io.payouts.shared.PageRequest;
import io.payouts.shared.ResultPage;
import io.payouts.shared.wallet.FundingTransaction;
import io.payouts.shared.wallet.TransactionType;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static io.payouts.query.consistency.SqlValues.instant;
import static io.payouts.query.consistency.SqlValues.setInstant;

/** {@code funding_transaction_view} through plain SQL (ADR-0018): rows are only ever added. */
@Component
class FundingTransactionRows {

    private static final String COLUMNS = "id, mode, type, amount, balance, description, payout_id, created_at, position";

    private final JdbcTemplate jdbc;

    FundingTransactionRows(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** Which of these transaction ids are stored. */
    Set<String> existing(Collection<String> ids) {
        Set<String> existing = new HashSet<>();
        if (!ids.isEmpty()) {
            jdbc.query("select id from funding_transaction_view where id = any (?)",
                    resultSet -> {
                        existing.add(resultSet.getString(1));
                    }, (Object) ids.toArray(String[]::new));
        }
        return existing;
    }

    void insert(Collection<FundingTransactionRow> rows) {
        List<FundingTransactionRow> batch = List.copyOf(rows);
        jdbc.batchUpdate("insert into funding_transaction_view (" + COLUMNS + ") values (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                batch, batch.size(), (statement, row) -> {
                    statement.setString(1, row.id());
                    statement.setString(2, row.mode().name());
                    statement.setString(3, row.type().name());
                    statement.setLong(4, row.amount());
                    statement.setLong(5, row.balance());
                    statement.setString(6, row.description());
                    statement.setString(7, row.payoutId());
                    setInstant(statement, 8, row.createdAt());
                    statement.setLong(9, row.position());
                });
    }

    /** Newest first, in the order the transactions were applied; a null type lists credits and debits. */
    ResultPage<FundingTransaction> page(Mode mode, TransactionType type, PageRequest request) {
        String where = type == null ? " where mode = ?" : " where mode = ? and type = ?";
        Object[] arguments = type == null ? new Object[] {mode.name()} : new Object[] {mode.name(), type.name()};
        Long total = jdbc.queryForObject("select count(*) from funding_transaction_view" + where, Long.class,
                arguments);
        List<Object> paged = new ArrayList<>(List.of(arguments));
        paged.add(request.pageSize());
        paged.add(request.offset());
        List<FundingTransaction> transactions = jdbc.query("select " + COLUMNS + " from funding_transaction_view"
                + where + " order by position desc limit ? offset ?", (resultSet, index) -> row(resultSet),
                paged.toArray()).stream().map(FundingTransactionRow::toTransaction).toList();
        return new ResultPage<>(transactions, total == null ? 0 : total, request.page(), request.pageSize());
    }

    void deleteAll() {
        jdbc.update("delete from funding_transaction_view");
    }

    void deleteMode(Mode mode) {
        jdbc.update("delete from funding_transaction_view where mode = ?", mode.name());
    }

    private static FundingTransactionRow row(ResultSet row) throws SQLException {
        return new FundingTransactionRow(row.getString("id"), Mode.valueOf(row.getString("mode")),
                TransactionType.valueOf(row.getString("type")), row.getLong("amount"), row.getLong("balance"),
                row.getString("description"), row.getString("payout_id"), instant(row, "created_at"),
                row.getLong("position"));
    }
}
