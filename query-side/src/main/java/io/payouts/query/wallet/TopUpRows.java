package io.payouts.query.wallet;

import io.payouts.shared.Mode;
import io.payouts.shared.PageRequest;
import io.payouts.shared.ResultPage;
import io.payouts.shared.wallet.TopUp;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static io.payouts.query.consistency.SqlValues.instant;
import static io.payouts.query.consistency.SqlValues.setInstant;

/** {@code top_up_view} through plain SQL (ADR-0018). */
@Component
class TopUpRows {

    private static final String COLUMNS = """
            id, mode, amount, status, description, method, created_at, settled_at, settled_by""";

    private final JdbcTemplate jdbc;

    TopUpRows(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    Map<String, TopUpRow> byIds(Collection<String> ids) {
        Map<String, TopUpRow> rows = new HashMap<>();
        if (!ids.isEmpty()) {
            jdbc.query("select " + COLUMNS + " from top_up_view where id = any (?)", resultSet -> {
                TopUpRow row = row(resultSet);
                rows.put(row.id(), row);
            }, (Object) ids.toArray(String[]::new));
        }
        return rows;
    }

    void upsert(Collection<TopUpRow> rows) {
        List<TopUpRow> batch = List.copyOf(rows);
        jdbc.batchUpdate("insert into top_up_view (" + COLUMNS + """
                ) values (?, ?, ?, ?, ?, ?, ?, ?, ?)
                on conflict (id) do update set status = excluded.status, settled_at = excluded.settled_at,
                    settled_by = excluded.settled_by""", batch, batch.size(), (statement, row) -> {
            statement.setString(1, row.id());
            statement.setString(2, row.mode().name());
            statement.setLong(3, row.amount());
            statement.setString(4, row.status());
            statement.setString(5, row.description());
            statement.setString(6, row.method());
            setInstant(statement, 7, row.createdAt());
            setInstant(statement, 8, row.settledAt());
            statement.setString(9, row.settledBy());
        });
    }

    /** Newest first; a null status lists every top-up of the mode. */
    ResultPage<TopUp> page(Mode mode, String status, PageRequest request) {
        String where = status == null ? " where mode = ?" : " where mode = ? and status = ?";
        Object[] filter = status == null ? new Object[] {mode.name()} : new Object[] {mode.name(), status};
        Long total = jdbc.queryForObject("select count(*) from top_up_view" + where, Long.class, filter);
        List<Object> paged = new ArrayList<>(List.of(filter));
        paged.add(request.pageSize());
        paged.add(request.offset());
        List<TopUp> topUps = jdbc.query("select " + COLUMNS + " from top_up_view" + where
                + " order by created_at desc, id desc limit ? offset ?", (resultSet, index) -> row(resultSet).toTopUp(),
                paged.toArray());
        return new ResultPage<>(topUps, total == null ? 0 : total, request.page(), request.pageSize());
    }

    void deleteAll() {
        jdbc.update("delete from top_up_view");
    }

    void deleteMode(Mode mode) {
        jdbc.update("delete from top_up_view where mode = ?", mode.name());
    }

    private static TopUpRow row(ResultSet row) throws SQLException {
        return new TopUpRow(row.getString("id"), Mode.valueOf(row.getString("mode")), row.getLong("amount"),
                row.getString("status"), row.getString("description"), row.getString("method"),
                instant(row, "created_at"), instant(row, "settled_at"), row.getString("settled_by"));
    }
}
