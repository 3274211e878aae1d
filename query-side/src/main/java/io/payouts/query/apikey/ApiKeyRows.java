package io.payouts.query.apikey;

import io.payouts.shared.Mode;
import io.payouts.shared.PageRequest;
import io.payouts.shared.ResultPage;
import io.payouts.shared.apikey.ApprovalStatus;
import io.payouts.shared.apikey.Scope;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.stereotype.Component;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import static io.payouts.query.consistency.SqlValues.instant;
import static io.payouts.query.consistency.SqlValues.setInstant;

/**
 * {@code api_key_view} through plain SQL (ADR-0018): rows loaded by id in one query and written in one batched upsert,
 * the key a hash belongs to, and the lists. A key's scopes are stored as their names, comma-separated, in
 * declaration order.
 */
@Component
class ApiKeyRows {

    private static final String COLUMNS = """
            id, name, mode, scopes, approval_status, approval_reason, created_by, created_at, expires_at, approved_by,
            approved_at, rejected_by, rejected_at, rejection_reason, revoked_by, revoked_at, replaced_by,
            regenerated_from, key_hash, last_four, version""";
    private static final RowMapper<ApiKeyRow> ROW = (row, index) -> row(row);

    private final JdbcTemplate jdbc;

    ApiKeyRows(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    Map<String, ApiKeyRow> byIds(Collection<String> ids) {
        Map<String, ApiKeyRow> rows = new HashMap<>();
        if (!ids.isEmpty()) {
            jdbc.query("select " + COLUMNS + " from api_key_view where id = any (?)",
                    resultSet -> {
                        ApiKeyRow row = row(resultSet);
                        rows.put(row.id(), row);
                    }, (Object) ids.toArray(String[]::new));
        }
        return rows;
    }

    Optional<ApiKeyRow> find(String id) {
        return jdbc.query("select " + COLUMNS + " from api_key_view where id = ?", ROW, id).stream().findFirst();
    }

    /** The sequence number of the key's stream its row has applied; empty while it has none. */
    Optional<Long> versionOf(String id) {
        return jdbc.queryForList("select version from api_key_view where id = ?", Long.class, id).stream()
                .findFirst();
    }

    Optional<ApiKeyRow> byHash(String keyHash) {
        return jdbc.query("select " + COLUMNS + " from api_key_view where key_hash = ?", ROW, keyHash).stream()
                .findFirst();
    }

    /** The keys a user created, newest first. */
    List<ApiKeyRow> createdBy(String userId) {
        return jdbc.query("select " + COLUMNS + " from api_key_view where created_by = ?"
                + " order by created_at desc, id desc", ROW, userId);
    }

    /** The keys waiting for an administrator's decision and not revoked, oldest first. */
    List<ApiKeyRow> pending() {
        return jdbc.query("select " + COLUMNS + " from api_key_view where approval_status = ? and revoked_at is null"
                + " order by created_at, id", ROW, ApprovalStatus.PENDING.name());
    }

    /** Newest first, of one mode and one approval status when they are given. */
    ResultPage<ApiKeyRow> page(Mode mode, ApprovalStatus status, PageRequest request) {
        StringBuilder where = new StringBuilder(" where true");
        List<Object> arguments = new ArrayList<>();
        if (mode != null) {
            where.append(" and mode = ?");
            arguments.add(mode.name());
        }
        if (status != null) {
            where.append(" and approval_status = ?");
            arguments.add(status.name());
        }
        Long total = jdbc.queryForObject("select count(*) from api_key_view" + where, Long.class,
                arguments.toArray());
        arguments.add(request.pageSize());
        arguments.add(request.offset());
        List<ApiKeyRow> rows = jdbc.query("select " + COLUMNS + " from api_key_view" + where
                + " order by created_at desc, id desc limit ? offset ?", ROW, arguments.toArray());
        return new ResultPage<>(rows, total == null ? 0 : total, request.page(), request.pageSize());
    }

    /** Inserts new rows and updates changed ones, in one batch; a row never goes back to an older version. */
    void upsert(Collection<ApiKeyRow> rows) {
        if (rows.isEmpty()) {
            return;
        }
        jdbc.batchUpdate("insert into api_key_view (" + COLUMNS + """
                        ) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                        on conflict (id) do update set approval_status = excluded.approval_status,
                            approved_by = excluded.approved_by, approved_at = excluded.approved_at,
                            rejected_by = excluded.rejected_by, rejected_at = excluded.rejected_at,
                            rejection_reason = excluded.rejection_reason, revoked_by = excluded.revoked_by,
                            revoked_at = excluded.revoked_at, replaced_by = excluded.replaced_by,
                            key_hash = excluded.key_hash, last_four = excluded.last_four, version = excluded.version
                        where api_key_view.version < excluded.version""",
                rows, rows.size(), ApiKeyRows::bind);
    }

    void deleteAll() {
        jdbc.update("delete from api_key_view");
    }

    private static void bind(PreparedStatement statement, ApiKeyRow row) throws SQLException {
        statement.setString(1, row.id());
        statement.setString(2, row.name());
        statement.setString(3, row.mode().name());
        statement.setString(4, row.scopes().stream().sorted().map(Scope::name).collect(Collectors.joining(",")));
        statement.setString(5, row.approvalStatus().name());
        statement.setString(6, row.approvalReason());
        statement.setString(7, row.createdBy());
        setInstant(statement, 8, row.createdAt());
        setInstant(statement, 9, row.expiresAt());
        statement.setString(10, row.approvedBy());
        setInstant(statement, 11, row.approvedAt());
        statement.setString(12, row.rejectedBy());
        setInstant(statement, 13, row.rejectedAt());
        statement.setString(14, row.rejectionReason());
        statement.setString(15, row.revokedBy());
        setInstant(statement, 16, row.revokedAt());
        statement.setString(17, row.replacedBy());
        statement.setString(18, row.regeneratedFrom());
        statement.setString(19, row.keyHash());
        statement.setString(20, row.lastFour());
        statement.setLong(21, row.version());
    }

    private static ApiKeyRow row(ResultSet row) throws SQLException {
        return new ApiKeyRow(row.getString("id"), row.getString("name"), Mode.valueOf(row.getString("mode")),
                scopes(row.getString("scopes")), ApprovalStatus.valueOf(row.getString("approval_status")),
                row.getString("approval_reason"), row.getString("created_by"), instant(row, "created_at"),
                instant(row, "expires_at"), row.getString("approved_by"), instant(row, "approved_at"),
                row.getString("rejected_by"), instant(row, "rejected_at"), row.getString("rejection_reason"),
                row.getString("revoked_by"), instant(row, "revoked_at"), row.getString("replaced_by"),
                row.getString("regenerated_from"), row.getString("key_hash"), row.getString("last_four"),
                row.getLong("version"));
    }

    private static Set<Scope> scopes(String column) {
        Set<Scope> scopes = EnumSet.noneOf(Scope.class);
        if (column != null && !column.isBlank()) {
            Arrays.stream(column.split(",")).map(Scope::valueOf).forEach(scopes::add);
        }
        return scopes;
    }
}
