package io.payouts.query.payout;

import io.payouts.platform.eventstore.EventTables;
import io.payouts.query.approval.ApprovalColumns;
import io.payouts.query.consistency.DayCounts;
import io.payouts.query.consistency.NewRows;
import io.payouts.shared.Mode;
import io.payouts.shared.PageRequest;
import io.payouts.shared.ResultPage;
import io.payouts.shared.payout.PayoutStatus;
import io.payouts.shared.payout.Rail;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.stereotype.Component;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

import static io.payouts.query.consistency.SqlValues.instant;
import static io.payouts.query.consistency.SqlValues.setInstant;
import static io.payouts.query.consistency.SqlValues.startOfUtcDay;

/**
 * {@code payout_view} through plain SQL (ADR-0018): rows loaded by id in one query, new ones copied in and changed ones
 * upserted in one batch (ADR-0051), with the counts they move ({@link PayoutCounts}), and the lists, each filter
 * combination with a plan that uses its index (V6).
 */
@Component
class PayoutRows {

    private static final String COLUMNS = """
            id, mode, driver_id, amount, fee, net_amount, status, rail, description, load_id, requested_by, batch_id,
            requested_at, queued_at, completed_at, canceled_at, retried_at, failed_at, failure_reason, approval_status,
            approval_threshold, approval_requester, approval_decided_by, approval_decided_at, approval_reason,
            version""";
    private static final String NEWEST_FIRST = " order by requested_at desc, id desc";
    private static final RowMapper<PayoutRow> ROW = PayoutRows::row;
    private static final String UPDATE_STORED = "insert into payout_view (" + COLUMNS + """
            ) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            on conflict (id) do update set status = excluded.status, queued_at = excluded.queued_at,
                completed_at = excluded.completed_at, canceled_at = excluded.canceled_at,
                retried_at = excluded.retried_at, failed_at = excluded.failed_at,
                failure_reason = excluded.failure_reason, approval_status = excluded.approval_status,
                approval_threshold = excluded.approval_threshold, approval_requester = excluded.approval_requester,
                approval_decided_by = excluded.approval_decided_by, approval_decided_at = excluded.approval_decided_at,
                approval_reason = excluded.approval_reason, version = excluded.version
            where payout_view.version < excluded.version""";

    private final JdbcTemplate jdbc;
    private final DayCounts counts;
    private final DayCounts amounts;

    PayoutRows(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
        this.counts = PayoutCounts.of(jdbc);
        this.amounts = PayoutCounts.amountsOf(jdbc);
    }

    Map<String, PayoutRow> byIds(Collection<String> ids) {
        Map<String, PayoutRow> rows = new HashMap<>();
        if (!ids.isEmpty()) {
            jdbc.query("select " + COLUMNS + " from payout_view where id = any (?)",
                    resultSet -> {
                        PayoutRow row = row(resultSet, 0);
                        rows.put(row.id(), row);
                    }, (Object) ids.toArray(String[]::new));
        }
        return rows;
    }

    /** The payout of this mode, and the newest sequence number of its stored stream, in one query. */
    Optional<Found> find(String id, Mode mode) {
        return jdbc.query("select " + COLUMNS + ", (select max(e.sequence_number) from " + EventTables.EVENTS + " e"
                        + " where e.aggregate_identifier = p.id) as head from payout_view p where id = ? and mode = ?",
                (resultSet, index) -> new Found(row(resultSet, index), resultSet.getLong("head")), id, mode.name())
                .stream().findFirst();
    }

    /**
     * Copies the new rows (absent from {@code before}) in, updates the changed ones in one batch, and moves the counts
     * from the rows as stored ({@code before}); a row older than the stored one is neither written nor counted. A row
     * {@link #byIds} did not find in this transaction is new: this projection's one segment is the table's only
     * writer of rows, and only deletes (a sandbox reset) run beside it.
     */
    void upsert(Map<String, PayoutRow> before, Collection<PayoutRow> rows) {
        if (rows.isEmpty()) {
            return;
        }
        List<PayoutRow> batch = new ArrayList<>(rows);
        Map<Boolean, List<PayoutRow>> storedOrNew = batch.stream()
                .collect(Collectors.partitioningBy(row -> before.containsKey(row.id())));
        NewRows.copy(jdbc, "payout_view", COLUMNS, storedOrNew.get(false), PayoutRows::fields);
        List<PayoutRow> stored = storedOrNew.get(true);
        if (!stored.isEmpty()) {
            jdbc.batchUpdate(UPDATE_STORED, stored, stored.size(), PayoutRows::bind);
        }
        counts.add(PayoutCounts.changes(before, batch));
        amounts.add(PayoutCounts.amountChanges(before, batch));
    }

    /** A truncation, not a delete: a rebuild would otherwise write its million rows beside a million dead ones. */
    void deleteAll() {
        jdbc.execute("truncate payout_view");
        counts.deleteAll();
        amounts.deleteAll();
    }

    void deleteMode(Mode mode) {
        jdbc.update("delete from payout_view where mode = ?", mode.name());
        counts.deleteMode(mode);
        amounts.deleteMode(mode);
    }

    /** {@code from} and {@code to} are UTC days, both included; each index's requested_at serves them as a range. */
    ResultPage<PayoutRow> page(Mode mode, PayoutStatus status, String driverId, LocalDate from, LocalDate to,
                               PageRequest request) {
        StringBuilder where = new StringBuilder(" where mode = ?");
        List<Object> arguments = new ArrayList<>(List.of(mode.name()));
        if (status != null) {
            where.append(" and status = ?");
            arguments.add(status.name());
        }
        if (driverId != null) {
            where.append(" and driver_id = ?");
            arguments.add(driverId);
        }
        if (from != null) {
            where.append(" and requested_at >= ?");
            arguments.add(startOfUtcDay(from));
        }
        if (to != null) {
            where.append(" and requested_at < ?");
            arguments.add(startOfUtcDay(to.plusDays(1)));
        }
        Long total = driverId == null ? counts.count(mode, status == null ? null : status.name(), from, to)
                : jdbc.queryForObject("select count(*) from payout_view" + where, Long.class, arguments.toArray());
        List<Object> paged = new ArrayList<>(arguments);
        paged.add(request.pageSize());
        paged.add(request.offset());
        List<PayoutRow> rows = jdbc.query("select " + COLUMNS + " from payout_view" + where + NEWEST_FIRST
                + " limit ? offset ?", ROW, paged.toArray());
        return new ResultPage<>(rows, total == null ? 0 : total, request.page(), request.pageSize());
    }

    /** A batch's payouts; the batch's row keeps the order of its request (they share their requested_at). */
    List<PayoutRow> ofBatch(Mode mode, String batchId) {
        return jdbc.query("select " + COLUMNS + " from payout_view where mode = ? and batch_id = ?"
                + " order by requested_at, id", ROW, mode.name(), batchId);
    }

    /** From the kept sums: a few rows a day whatever the number of payouts, and whatever the planner believes. */
    long sumOfAmounts(Mode mode, Collection<PayoutStatus> statuses) {
        return amounts.count(mode, statuses.stream().map(Enum::name).toList(), null, null);
    }

    private static void fields(PayoutRow row, NewRows.Line line) {
        line.text(row.id()).text(row.mode().name()).text(row.driverId()).number(row.amount()).number(row.fee())
                .number(row.netAmount()).text(row.status().name()).text(row.rail().name()).text(row.description())
                .text(row.loadId()).text(row.requestedBy()).text(row.batchId()).instant(row.requestedAt())
                .instant(row.queuedAt()).instant(row.completedAt()).instant(row.canceledAt())
                .instant(row.retriedAt()).instant(row.failedAt()).text(row.failureReason());
        ApprovalColumns.write(line, row.approval());
        line.number(row.version());
    }

    private static void bind(PreparedStatement statement, PayoutRow row) throws SQLException {
        statement.setString(1, row.id());
        statement.setString(2, row.mode().name());
        statement.setString(3, row.driverId());
        statement.setLong(4, row.amount());
        statement.setLong(5, row.fee());
        statement.setLong(6, row.netAmount());
        statement.setString(7, row.status().name());
        statement.setString(8, row.rail().name());
        statement.setString(9, row.description());
        statement.setString(10, row.loadId());
        statement.setString(11, row.requestedBy());
        statement.setString(12, row.batchId());
        setInstant(statement, 13, row.requestedAt());
        setInstant(statement, 14, row.queuedAt());
        setInstant(statement, 15, row.completedAt());
        setInstant(statement, 16, row.canceledAt());
        setInstant(statement, 17, row.retriedAt());
        setInstant(statement, 18, row.failedAt());
        statement.setString(19, row.failureReason());
        ApprovalColumns.bind(statement, 20, row.approval());
        statement.setLong(26, row.version());
    }

    /** A payout as found, with the head of its stored stream. */
    record Found(PayoutRow row, long head) {
    }

    private static PayoutRow row(ResultSet row, int index) throws SQLException {
        return new PayoutRow(row.getString("id"), Mode.valueOf(row.getString("mode")), row.getString("driver_id"),
                row.getLong("amount"), row.getLong("fee"), row.getLong("net_amount"),
                PayoutStatus.valueOf(row.getString("status")), Rail.valueOf(row.getString("rail")),
                row.getString("description"), row.getString("load_id"), row.getString("requested_by"),
                row.getString("batch_id"),
                instant(row, "requested_at"), instant(row, "queued_at"), instant(row, "completed_at"),
                instant(row, "canceled_at"), instant(row, "retried_at"), instant(row, "failed_at"),
                row.getString("failure_reason"), ApprovalColumns.read(row), row.getLong("version"));
    }
}
