package io.payouts.query.batch;

import io.payouts.platform.eventstore.EventTables;
import io.payouts.query.approval.ApprovalColumns;
import io.payouts.shared.Mode;
import io.payouts.shared.PageRequest;
import io.payouts.shared.ResultPage;
import io.payouts.shared.batch.BatchStatus;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.Rail;
import org.springframework.jdbc.core.BatchPreparedStatementSetter;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.stereotype.Component;

import java.sql.Array;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static io.payouts.query.consistency.SqlValues.instant;
import static io.payouts.query.consistency.SqlValues.setInstant;

/**
 * {@code batch_view} through plain SQL (ADR-0018), each list filter with a plan that uses its index (V8). Only a
 * batch read by id carries its payouts' ids: they are written once, with the row, and never sent again.
 */
@Component
class BatchRows {

    private static final String COLUMNS = """
            id, mode, name, rail, status, payout_count, total_amount, total_fees, net_amount, scheduled_for,
            created_at, released_at, processed_at, completed_at, approval_status, approval_threshold, approval_requester,
            approval_decided_by, approval_decided_at, approval_reason, version""";
    private static final String NEWEST_FIRST = " order by created_at desc, id desc";
    private static final RowMapper<BatchRow> ROW = (row, index) -> row(row, null);

    private final JdbcTemplate jdbc;

    BatchRows(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    Map<String, BatchRow> byIds(Collection<String> ids) {
        Map<String, BatchRow> rows = new HashMap<>();
        if (!ids.isEmpty()) {
            jdbc.query("select " + COLUMNS + " from batch_view where id = any (?)",
                    resultSet -> {
                        BatchRow row = row(resultSet, null);
                        rows.put(row.id(), row);
                    }, (Object) ids.toArray(String[]::new));
        }
        return rows;
    }

    /** The batch of this mode, and the newest sequence number of its stored stream, in one query. */
    Optional<Found> find(String id, Mode mode) {
        return jdbc.query("select " + COLUMNS + ", payout_ids, (select max(e.sequence_number) from "
                        + EventTables.EVENTS + " e where e.aggregate_identifier = b.id) as head"
                        + " from batch_view b where id = ? and mode = ?",
                (resultSet, index) -> new Found(row(resultSet, payoutIds(resultSet)), resultSet.getLong("head")),
                id, mode.name())
                .stream().findFirst();
    }

    ResultPage<BatchRow> page(Mode mode, BatchStatus status, boolean scheduledOnly, PageRequest request) {
        StringBuilder where = new StringBuilder(" where mode = ?");
        List<Object> arguments = new ArrayList<>(List.of(mode.name()));
        if (status != null) {
            where.append(" and status = ?");
            arguments.add(status.name());
        }
        if (scheduledOnly) {
            where.append(" and scheduled_for is not null");
        }
        Long total = jdbc.queryForObject("select count(*) from batch_view" + where, Long.class, arguments.toArray());
        arguments.add(request.pageSize());
        arguments.add(request.offset());
        List<BatchRow> rows = jdbc.query("select " + COLUMNS + " from batch_view" + where + NEWEST_FIRST
                + " limit ? offset ?", ROW, arguments.toArray());
        return new ResultPage<>(rows, total == null ? 0 : total, request.page(), request.pageSize());
    }

    List<BatchRow> queued(Mode mode) {
        return jdbc.query("select " + COLUMNS + " from batch_view where mode = ? and status = ?", ROW, mode.name(),
                BatchStatus.QUEUED.name());
    }

    Map<BatchStatus, Long> scheduledByStatus(Mode mode) {
        Map<BatchStatus, Long> counts = new EnumMap<>(BatchStatus.class);
        jdbc.query("select status, count(*) as batches from batch_view where mode = ? and scheduled_for is not null"
                        + " group by status",
                row -> {
                    counts.put(BatchStatus.valueOf(row.getString("status")), row.getLong("batches"));
                }, mode.name());
        return counts;
    }

    long scheduledQueuedAmount(Mode mode) {
        Long sum = jdbc.queryForObject("select coalesce(sum(total_amount), 0) from batch_view where mode = ?"
                + " and status = ? and scheduled_for is not null", Long.class, mode.name(), BatchStatus.QUEUED.name());
        return sum == null ? 0 : sum;
    }

    Optional<Instant> nextScheduled(Mode mode) {
        Timestamp next = jdbc.queryForObject("select min(scheduled_for) from batch_view where mode = ? and status = ?",
                Timestamp.class, mode.name(), BatchStatus.QUEUED.name());
        return Optional.ofNullable(next).map(Timestamp::toInstant);
    }

    void upsert(Collection<BatchRow> rows) {
        if (rows.isEmpty()) {
            return;
        }
        List<BatchRow> batch = new ArrayList<>(rows);
        jdbc.batchUpdate("insert into batch_view (" + COLUMNS + """
                        , payout_ids) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                        on conflict (id) do update set status = excluded.status,
                            payout_count = excluded.payout_count, total_amount = excluded.total_amount,
                            total_fees = excluded.total_fees, net_amount = excluded.net_amount,
                            released_at = excluded.released_at, processed_at = excluded.processed_at,
                            completed_at = excluded.completed_at, approval_status = excluded.approval_status,
                            approval_threshold = excluded.approval_threshold,
                            approval_requester = excluded.approval_requester,
                            approval_decided_by = excluded.approval_decided_by,
                            approval_decided_at = excluded.approval_decided_at,
                            approval_reason = excluded.approval_reason, version = excluded.version
                        where batch_view.version < excluded.version""",
                new BatchPreparedStatementSetter() {
                    @Override
                    public void setValues(PreparedStatement statement, int index) throws SQLException {
                        BatchRow row = batch.get(index);
                        statement.setString(1, row.id());
                        statement.setString(2, row.mode().name());
                        statement.setString(3, row.name());
                        statement.setString(4, row.rail().name());
                        statement.setString(5, row.status().name());
                        statement.setInt(6, row.payoutCount());
                        statement.setLong(7, row.totalAmount());
                        statement.setLong(8, row.totalFees());
                        statement.setLong(9, row.netAmount());
                        setInstant(statement, 10, row.scheduledFor());
                        setInstant(statement, 11, row.createdAt());
                        setInstant(statement, 12, row.releasedAt());
                        setInstant(statement, 13, row.processedAt());
                        setInstant(statement, 14, row.completedAt());
                        ApprovalColumns.bind(statement, 15, row.approval());
                        statement.setLong(21, row.version());
                        if (row.payoutIds() == null) {
                            statement.setNull(22, Types.ARRAY);
                        } else {
                            statement.setObject(22, row.payoutIds().stream().map(PayoutId::value)
                                    .toArray(String[]::new));
                        }
                    }

                    @Override
                    public int getBatchSize() {
                        return batch.size();
                    }
                });
    }

    void deleteAll() {
        jdbc.update("delete from batch_view");
    }

    void deleteMode(Mode mode) {
        jdbc.update("delete from batch_view where mode = ?", mode.name());
    }

    private static List<PayoutId> payoutIds(ResultSet row) throws SQLException {
        Array ids = row.getArray("payout_ids");
        return ids == null ? null : Arrays.stream((String[]) ids.getArray()).map(PayoutId::new).toList();
    }

    private static BatchRow row(ResultSet row, List<PayoutId> payoutIds) throws SQLException {
        return new BatchRow(row.getString("id"), Mode.valueOf(row.getString("mode")), row.getString("name"),
                Rail.valueOf(row.getString("rail")), BatchStatus.valueOf(row.getString("status")),
                row.getInt("payout_count"), row.getLong("total_amount"), row.getLong("total_fees"),
                row.getLong("net_amount"), instant(row, "scheduled_for"), instant(row, "created_at"),
                instant(row, "released_at"), instant(row, "processed_at"), instant(row, "completed_at"),
                ApprovalColumns.read(row), row.getLong("version"), payoutIds);
    }

    /** A batch as found, with the head of its stored stream. */
    record Found(BatchRow row, long head) {
    }
}
