package io.payouts.query.bankaccount;

import io.payouts.platform.eventstore.EventTables;
import io.payouts.shared.Mode;
import io.payouts.shared.driver.BankAccountType;
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
 * {@code driver_bank_account_view} through plain SQL (ADR-0018): rows loaded by id in one query, a driver's row with
 * the head of its stored stream, written in one batched upsert.
 */
@Component
class BankAccountRows {

    private static final String COLUMNS = """
            a.driver_id, a.mode, a.state, a.holder_name, a.country, a.account_type, a.routing_number, a.bic,
            a.last4, a.updated_at, a.version""";

    private final JdbcTemplate jdbc;

    BankAccountRows(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    Map<String, BankAccountRow> byIds(Collection<String> driverIds) {
        Map<String, BankAccountRow> rows = new HashMap<>();
        if (!driverIds.isEmpty()) {
            jdbc.query("select " + COLUMNS + " from driver_bank_account_view a where a.driver_id = any (?)",
                    resultSet -> {
                        BankAccountRow row = row(resultSet);
                        rows.put(row.driverId(), row);
                    }, (Object) driverIds.toArray(String[]::new));
        }
        return rows;
    }

    /** The driver's row in this mode, and the newest sequence number of the driver's stored stream. */
    Optional<Found> find(String driverId, Mode mode) {
        return jdbc.query("select " + COLUMNS + ", (select max(e.sequence_number) from " + EventTables.EVENTS
                        + " e where e.aggregate_identifier = a.driver_id) as head"
                        + " from driver_bank_account_view a where a.driver_id = ? and a.mode = ?",
                (resultSet, index) -> new Found(row(resultSet), resultSet.getLong("head")), driverId, mode.name())
                .stream().findFirst();
    }

    void upsert(Collection<BankAccountRow> rows) {
        if (rows.isEmpty()) {
            return;
        }
        List<BankAccountRow> batch = new ArrayList<>(rows);
        jdbc.batchUpdate("""
                        insert into driver_bank_account_view (driver_id, mode, state, holder_name, country,
                            account_type, routing_number, bic, last4, updated_at, version)
                        values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                        on conflict (driver_id) do update set state = excluded.state,
                            holder_name = excluded.holder_name, country = excluded.country,
                            account_type = excluded.account_type, routing_number = excluded.routing_number,
                            bic = excluded.bic, last4 = excluded.last4, updated_at = excluded.updated_at,
                            version = excluded.version
                        where driver_bank_account_view.version < excluded.version""",
                new BatchPreparedStatementSetter() {
                    @Override
                    public void setValues(PreparedStatement statement, int index) throws SQLException {
                        BankAccountRow row = batch.get(index);
                        statement.setString(1, row.driverId());
                        statement.setString(2, row.mode().name());
                        statement.setString(3, row.state().name());
                        statement.setString(4, row.holderName());
                        statement.setString(5, row.country());
                        statement.setString(6, row.accountType() == null ? null : row.accountType().name());
                        statement.setString(7, row.routingNumber());
                        statement.setString(8, row.bic());
                        statement.setString(9, row.last4());
                        setInstant(statement, 10, row.updatedAt());
                        statement.setLong(11, row.version());
                    }

                    @Override
                    public int getBatchSize() {
                        return batch.size();
                    }
                });
    }

    void deleteAll() {
        jdbc.update("delete from driver_bank_account_view");
    }

    void deleteMode(Mode mode) {
        jdbc.update("delete from driver_bank_account_view where mode = ?", mode.name());
    }

    private static BankAccountRow row(ResultSet row) throws SQLException {
        String accountType = row.getString("account_type");
        return new BankAccountRow(row.getString("driver_id"), Mode.valueOf(row.getString("mode")),
                BankAccountRow.State.valueOf(row.getString("state")), row.getString("holder_name"),
                row.getString("country"), accountType == null ? null : BankAccountType.valueOf(accountType),
                row.getString("routing_number"), row.getString("bic"), row.getString("last4"),
                instant(row, "updated_at"), row.getLong("version"));
    }

    /** A driver's row as found, with the head of the driver's stored stream. */
    record Found(BankAccountRow row, long head) {
    }
}
