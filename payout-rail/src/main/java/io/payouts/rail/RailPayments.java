package io.payouts.rail;

import io.payouts.platform.tables.PlannedForItsValues;
import io.payouts.shared.Mode;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.Rail;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.PreparedStatementCreator;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The payments the rail holds, in {@code rail_payment}: later events of a payout (retried, queued, processing)
 * do not repeat who is paid how much, so the hand-off keeps it from the request until the payout completes or is
 * canceled. Writes are idempotent, so a redelivered event changes nothing; each kind goes as one batch of statements
 * for a processor batch of events (ADR-0024).
 */
class RailPayments {

    private final JdbcTemplate jdbc;

    RailPayments(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * Holds these payments; a later attempt (a batch payout released after it was held from its creation) replaces
     * the attempt held, a redelivered event changes nothing.
     */
    void rememberAll(List<RailPayment> held) {
        if (held.isEmpty()) {
            return;
        }
        jdbc.batchUpdate("""
                insert into rail_payment (payout_id, mode, driver_id, net_amount, rail, fail_on_rail, attempt,
                                          first_attempt)
                values (?, ?, ?, ?, ?, ?, ?, ?)
                on conflict (payout_id) do update
                    set attempt = excluded.attempt, first_attempt = excluded.first_attempt,
                        fail_on_rail = excluded.fail_on_rail
                    where rail_payment.attempt < excluded.attempt""", held, held.size(), (statement, payment) -> {
            statement.setString(1, payment.payoutId().value());
            statement.setString(2, payment.mode().name());
            statement.setString(3, payment.driverId().value());
            statement.setLong(4, payment.netAmount());
            statement.setString(5, payment.rail().name());
            statement.setBoolean(6, payment.failOnRail());
            statement.setLong(7, payment.attempt());
            statement.setLong(8, payment.firstAttempt());
        });
    }

    /** The payments held for these payouts, in one query. */
    Map<PayoutId, RailPayment> findAll(Collection<PayoutId> payoutIds) {
        if (payoutIds.isEmpty()) {
            return Map.of();
        }
        Map<PayoutId, RailPayment> held = new HashMap<>();
        PlannedForItsValues.run(jdbc, () -> jdbc.query(
                ofPayouts("select * from rail_payment where payout_id = any(?)", payoutIds), (ResultSet row) -> {
                    RailPayment payment = payment(row, 0);
                    held.put(payment.payoutId(), payment);
                }));
        return held;
    }

    /** Retries began at these attempts (sequence numbers); an attempt already passed changes nothing. */
    void startAttempts(Map<PayoutId, Long> attempts) {
        if (attempts.isEmpty()) {
            return;
        }
        List<Map.Entry<PayoutId, Long>> started = List.copyOf(attempts.entrySet());
        jdbc.batchUpdate("update rail_payment set attempt = greatest(attempt, ?) where payout_id = ?", started,
                started.size(), (statement, attempt) -> {
                    statement.setLong(1, attempt.getValue());
                    statement.setString(2, attempt.getKey().value());
                });
    }

    /** One statement, planned for these payouts: {@code rail_payment} fills and empties as payouts travel. */
    void forgetAll(Collection<PayoutId> payoutIds) {
        if (payoutIds.isEmpty()) {
            return;
        }
        PlannedForItsValues.run(jdbc, () -> jdbc.update(
                ofPayouts("delete from rail_payment where payout_id = any(?)", payoutIds)));
    }

    /** The statement with these payouts' ids as its one array parameter. */
    private static PreparedStatementCreator ofPayouts(String sql, Collection<PayoutId> payoutIds) {
        return connection -> {
            PreparedStatement statement = connection.prepareStatement(sql);
            statement.setArray(1, connection.createArrayOf("varchar",
                    payoutIds.stream().map(PayoutId::value).toArray()));
            return statement;
        };
    }

    private static RailPayment payment(ResultSet row, int index) throws SQLException {
        return new RailPayment(new PayoutId(row.getString("payout_id")), Mode.valueOf(row.getString("mode")),
                new DriverId(row.getString("driver_id")), row.getLong("net_amount"), Rail.valueOf(row.getString("rail")),
                row.getBoolean("fail_on_rail"), row.getLong("attempt"), row.getLong("first_attempt"));
    }
}
