package io.payouts.query.wallet;

import io.payouts.shared.Mode;
import io.payouts.shared.wallet.WalletBalance;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.sql.PreparedStatement;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;

/**
 * {@code wallet_movement} and its sums per UTC hour and minute ({@code wallet_movement_hour},
 * {@code wallet_movement_minute}): a balance at any instant reads the sums of the hours before its hour, of the minutes
 * of its hour before its minute, and the movements of its own minute, so it costs the same after a million payouts as
 * after ten, and in a busy hour as in a quiet one. Only the wallet projection, on one thread, writes them.
 */
@Component
public class WalletMovements {

    private static final String STORE_AND_ADD_TO_THE_SUMS = """
            with stored as (
                insert into wallet_movement (global_position, mode, occurred_at, available, pending, in_transit)
                select * from unnest(?, ?, ?, ?, ?, ?)
                on conflict (global_position) do nothing
                returning mode, occurred_at, available, pending, in_transit),
            hours as (""" + addedToTheSums("wallet_movement_hour", "hour") + ")\n"
            + addedToTheSums("wallet_movement_minute", "minute");

    private final JdbcTemplate jdbc;

    WalletMovements(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** The mode's balance made of every movement dated up to {@code asOf}, included. */
    public WalletBalance balanceAsOf(Mode mode, Instant asOf) {
        Timestamp hour = Timestamp.from(asOf.truncatedTo(ChronoUnit.HOURS));
        Timestamp minute = Timestamp.from(asOf.truncatedTo(ChronoUnit.MINUTES));
        return jdbc.queryForObject("""
                select coalesce(sum(available), 0) as available, coalesce(sum(pending), 0) as pending,
                       coalesce(sum(in_transit), 0) as in_transit
                from (select available, pending, in_transit from wallet_movement_hour where mode = ? and hour < ?
                      union all
                      select available, pending, in_transit from wallet_movement_minute
                      where mode = ? and minute >= ? and minute < ?
                      union all
                      select available, pending, in_transit from wallet_movement
                      where mode = ? and occurred_at >= ? and occurred_at <= ?) movements""",
                (row, index) -> new WalletBalance(row.getLong("available"), row.getLong("pending"),
                        row.getLong("in_transit")),
                mode.name(), hour, mode.name(), hour, minute, mode.name(), minute, Timestamp.from(asOf));
    }

    /**
     * Stores the movements not stored yet, and adds those to their hours' and minutes' sums, in one statement: a
     * movement met again (the migration stored it from the event table before the projection reached its event) adds
     * nothing.
     */
    void insert(List<WalletMovement> movements) {
        if (movements.isEmpty()) {
            return;
        }
        jdbc.update(connection -> {
            PreparedStatement statement = connection.prepareStatement(STORE_AND_ADD_TO_THE_SUMS);
            statement.setArray(1, connection.createArrayOf("bigint",
                    movements.stream().map(WalletMovement::globalPosition).toArray()));
            statement.setArray(2, connection.createArrayOf("text",
                    movements.stream().map(movement -> movement.mode().name()).toArray()));
            statement.setArray(3, connection.createArrayOf("timestamptz",
                    movements.stream().map(movement -> Timestamp.from(movement.occurredAt())).toArray()));
            statement.setArray(4, connection.createArrayOf("bigint",
                    movements.stream().map(WalletMovement::available).toArray()));
            statement.setArray(5, connection.createArrayOf("bigint",
                    movements.stream().map(WalletMovement::pending).toArray()));
            statement.setArray(6, connection.createArrayOf("bigint",
                    movements.stream().map(WalletMovement::inTransit).toArray()));
            return statement;
        });
    }

    /** Adds the movements just stored to the sums per UTC {@code unit} (hour, minute) of {@code table}. */
    private static String addedToTheSums(String table, String unit) {
        return """
                insert into %1$s (mode, %2$s, available, pending, in_transit)
                select mode, date_trunc('%2$s', occurred_at at time zone 'UTC') at time zone 'UTC', sum(available),
                       sum(pending), sum(in_transit)
                from stored group by 1, 2
                on conflict (mode, %2$s) do update set available = %1$s.available + excluded.available,
                    pending = %1$s.pending + excluded.pending, in_transit = %1$s.in_transit + excluded.in_transit"""
                .formatted(table, unit);
    }

    void deleteAll() {
        jdbc.update("delete from wallet_movement");
        jdbc.update("delete from wallet_movement_hour");
        jdbc.update("delete from wallet_movement_minute");
    }

    void deleteMode(Mode mode) {
        jdbc.update("delete from wallet_movement where mode = ?", mode.name());
        jdbc.update("delete from wallet_movement_hour where mode = ?", mode.name());
        jdbc.update("delete from wallet_movement_minute where mode = ?", mode.name());
    }
}
