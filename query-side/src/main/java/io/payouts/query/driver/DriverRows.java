package io.payouts.query.driver;

import io.payouts.platform.eventstore.EventTables;
import io.payouts.query.consistency.DayCounts;
import io.payouts.shared.Mode;
import io.payouts.shared.PageRequest;
import io.payouts.shared.ResultPage;
import io.payouts.shared.driver.DriverStatus;
import io.payouts.shared.driver.DriverStatusFilter;
import io.payouts.shared.driver.KycStatus;
import org.springframework.jdbc.core.BatchPreparedStatementSetter;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static io.payouts.query.consistency.SqlValues.instant;
import static io.payouts.query.consistency.SqlValues.setInstant;

/**
 * {@code driver_view} through plain SQL (ADR-0018), read with the driver's payout totals ({@code driver_totals})
 * joined: rows loaded by id in one query, written in one batched upsert, and the list with its filters.
 */
@Component
class DriverRows {

    private static final String COLUMNS = """
            d.id, d.mode, d.svc_driver_id, d.name, d.email, d.phone, d.status, d.kyc_status, d.created_at,
            d.updated_at, d.version, coalesce(t.total_paid, 0) as total_paid,
            coalesce(t.pending_payouts, 0) as pending_payouts""";
    /**
     * Each driver's totals looked up by its key as the driver's row is read: a plain join lets the planner hash every
     * driver's totals for a page or a projection batch of a few rows.
     */
    private static final String FROM = " from driver_view d left join lateral (select total_paid, pending_payouts"
            + " from driver_totals where driver_id = d.id limit 1) t on true";
    private static final String NEWEST_FIRST = " order by d.created_at desc, d.id desc";

    private final JdbcTemplate jdbc;
    private final DayCounts counts;

    DriverRows(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
        this.counts = DriverCounts.of(jdbc);
    }

    Map<String, DriverRow> byIds(Collection<String> ids) {
        Map<String, DriverRow> rows = new HashMap<>();
        if (!ids.isEmpty()) {
            jdbc.query("select " + COLUMNS + FROM + " where d.id = any (?)",
                    resultSet -> {
                        DriverRow row = row(resultSet);
                        rows.put(row.id(), row);
                    }, (Object) ids.toArray(String[]::new));
        }
        return rows;
    }

    /** The driver of this mode with its totals, and the newest sequence number of its stored stream. */
    Optional<Found> find(String id, Mode mode) {
        return jdbc.query("select " + COLUMNS + ", (select max(e.sequence_number) from " + EventTables.EVENTS + " e"
                        + " where e.aggregate_identifier = d.id) as head" + FROM + " where d.id = ? and d.mode = ?",
                (resultSet, index) -> new Found(row(resultSet), totals(resultSet), resultSet.getLong("head")),
                id, mode.name()).stream().findFirst();
    }

    /** The payout totals of a driver, whether or not its row is projected. */
    DriverRow.Totals totalsOf(String id) {
        return jdbc.query("select total_paid, pending_payouts from driver_totals where driver_id = ?",
                (resultSet, index) -> totals(resultSet), id).stream().findFirst().orElse(DriverRow.Totals.NONE);
    }

    boolean exists(String id, Mode mode) {
        return Boolean.TRUE.equals(jdbc.queryForObject(
                "select exists (select 1 from driver_view where id = ? and mode = ?)", Boolean.class, id, mode.name()));
    }

    Map<String, String> namesOf(Collection<String> ids) {
        Map<String, String> names = new HashMap<>();
        if (!ids.isEmpty()) {
            jdbc.query("select id, name from driver_view where id = any (?)",
                    resultSet -> {
                        names.put(resultSet.getString("id"), resultSet.getString("name"));
                    }, (Object) ids.toArray(String[]::new));
        }
        return names;
    }

    /** Newest first; {@code pending} is a driver neither inactive nor KYC-verified (ADR-0007). */
    ResultPage<Listed> page(Mode mode, DriverStatusFilter filter, PageRequest request) {
        StringBuilder where = new StringBuilder(" where d.mode = ?");
        List<Object> arguments = new ArrayList<>(List.of(mode.name()));
        if (filter != null) {
            switch (filter) {
                case ACTIVE -> where.append(" and d.status = '").append(DriverStatus.ACTIVE.name()).append("'");
                case INACTIVE -> where.append(" and d.status = '").append(DriverStatus.INACTIVE.name()).append("'");
                case PENDING -> where.append(" and d.status <> '").append(DriverStatus.INACTIVE.name())
                        .append("' and d.kyc_status <> '").append(KycStatus.VERIFIED.name()).append("'");
            }
        }
        long total = counts.count(mode, DriverCounts.standingsOf(filter), null, null);
        arguments.add(request.pageSize());
        arguments.add(request.offset());
        List<Listed> rows = jdbc.query("select " + COLUMNS + FROM + where + NEWEST_FIRST + " limit ? offset ?",
                (resultSet, index) -> new Listed(row(resultSet), totals(resultSet)), arguments.toArray());
        return new ResultPage<>(rows, total, request.page(), request.pageSize());
    }

    /**
     * Inserts new rows and updates changed ones, in one batch, and moves the counts from the rows as stored
     * ({@code before}, loaded in this transaction) to the rows written.
     */
    void upsert(Map<String, DriverRow> before, Collection<DriverRow> rows) {
        if (rows.isEmpty()) {
            return;
        }
        List<DriverRow> batch = new ArrayList<>(rows);
        jdbc.batchUpdate("""
                        insert into driver_view (id, mode, svc_driver_id, name, email, phone, status, kyc_status,
                                                 created_at, updated_at, version)
                        values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                        on conflict (id) do update set name = excluded.name, email = excluded.email,
                            phone = excluded.phone, status = excluded.status, kyc_status = excluded.kyc_status,
                            updated_at = excluded.updated_at, version = excluded.version
                        where driver_view.version < excluded.version""",
                new BatchPreparedStatementSetter() {
                    @Override
                    public void setValues(PreparedStatement statement, int index) throws SQLException {
                        DriverRow row = batch.get(index);
                        statement.setString(1, row.id());
                        statement.setString(2, row.mode().name());
                        statement.setString(3, row.svcDriverId());
                        statement.setString(4, row.name());
                        statement.setString(5, row.email());
                        statement.setString(6, row.phone());
                        statement.setString(7, row.status().name());
                        statement.setString(8, row.kycStatus().name());
                        setInstant(statement, 9, row.createdAt());
                        setInstant(statement, 10, row.updatedAt());
                        statement.setLong(11, row.version());
                    }

                    @Override
                    public int getBatchSize() {
                        return batch.size();
                    }
                });
        counts.add(DriverCounts.changes(before, batch));
    }

    void deleteAll() {
        jdbc.update("delete from driver_view");
        counts.deleteAll();
    }

    void deleteMode(Mode mode) {
        jdbc.update("delete from driver_view where mode = ?", mode.name());
        counts.deleteMode(mode);
    }

    private static DriverRow row(ResultSet row) throws SQLException {
        return new DriverRow(row.getString("id"), Mode.valueOf(row.getString("mode")),
                row.getString("svc_driver_id"), row.getString("name"), row.getString("email"), row.getString("phone"),
                DriverStatus.valueOf(row.getString("status")), KycStatus.valueOf(row.getString("kyc_status")),
                instant(row, "created_at"), instant(row, "updated_at"), row.getLong("version"));
    }

    private static DriverRow.Totals totals(ResultSet row) throws SQLException {
        return new DriverRow.Totals(row.getLong("total_paid"), row.getLong("pending_payouts"));
    }

    /** A driver as found, with its totals and the head of its stored stream. */
    record Found(DriverRow row, DriverRow.Totals totals, long head) {
    }

    /** A driver of a list, with its totals. */
    record Listed(DriverRow row, DriverRow.Totals totals) {
    }
}
