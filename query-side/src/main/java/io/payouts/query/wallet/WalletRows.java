package io.payouts.query.wallet;

import io.payouts.shared.Mode;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static io.payouts.query.consistency.SqlValues.instant;
import static io.payouts.query.consistency.SqlValues.setInstant;

/** {@code wallet_balance_view} through plain SQL (ADR-0018): one row per mode's wallet. */
@Component
class WalletRows {

    private static final String COLUMNS = """
            id, mode, available, pending, in_transit, ledger, transaction_count, opened_at, updated_at,
            wallet_version""";

    private final JdbcTemplate jdbc;

    WalletRows(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    Map<String, WalletRow> byIds(Collection<String> ids) {
        Map<String, WalletRow> rows = new HashMap<>();
        if (!ids.isEmpty()) {
            jdbc.query("select " + COLUMNS + " from wallet_balance_view where id = any (?)", resultSet -> {
                WalletRow row = row(resultSet);
                rows.put(row.id(), row);
            }, (Object) ids.toArray(String[]::new));
        }
        return rows;
    }

    Optional<WalletRow> of(Mode mode) {
        return jdbc.query("select " + COLUMNS + " from wallet_balance_view where mode = ?",
                (resultSet, index) -> row(resultSet), mode.name()).stream().findFirst();
    }

    /** Inserts new wallets and overwrites changed ones: only the wallet projection, on one thread, writes them. */
    void upsert(Collection<WalletRow> rows) {
        List<WalletRow> batch = List.copyOf(rows);
        jdbc.batchUpdate("insert into wallet_balance_view (" + COLUMNS + """
                ) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                on conflict (id) do update set available = excluded.available, pending = excluded.pending,
                    in_transit = excluded.in_transit, ledger = excluded.ledger,
                    transaction_count = excluded.transaction_count, updated_at = excluded.updated_at,
                    wallet_version = excluded.wallet_version""", batch, batch.size(), (statement, row) -> {
            statement.setString(1, row.id());
            statement.setString(2, row.mode().name());
            statement.setLong(3, row.available());
            statement.setLong(4, row.pending());
            statement.setLong(5, row.inTransit());
            statement.setLong(6, row.ledger());
            statement.setLong(7, row.transactionCount());
            setInstant(statement, 8, row.openedAt());
            setInstant(statement, 9, row.updatedAt());
            statement.setLong(10, row.walletVersion());
        });
    }

    void deleteAll() {
        jdbc.update("delete from wallet_balance_view");
    }

    void deleteMode(Mode mode) {
        jdbc.update("delete from wallet_balance_view where mode = ?", mode.name());
    }

    private static WalletRow row(ResultSet row) throws SQLException {
        return new WalletRow(row.getString("id"), Mode.valueOf(row.getString("mode")), row.getLong("available"),
                row.getLong("pending"), row.getLong("in_transit"), row.getLong("ledger"),
                row.getLong("transaction_count"), instant(row, "opened_at"), instant(row, "updated_at"),
                row.getLong("wallet_version"));
    }
}
