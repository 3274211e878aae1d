package io.payouts.service.rail;

import io.payouts.shared.Mode;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.Rail;
import org.springframework.jdbc.core.JdbcTemplate;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;

/**
 * The payments the rail holds, in {@code rail_payment}: later events of a payout (retried, queued, processing)
 * do not repeat who is paid how much, so the hand-off keeps it from the request until the payout completes or is
 * canceled. Writes are idempotent, so a redelivered event changes nothing.
 */
class RailPayments {

    private final JdbcTemplate jdbc;

    RailPayments(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * Holds the payment; a later attempt (a batch payout released after it was held from its creation) replaces the
     * attempt held, a redelivered event changes nothing.
     */
    void remember(RailPayment payment) {
        jdbc.update("""
                insert into rail_payment (payout_id, mode, driver_id, net_amount, rail, fail_on_rail, attempt,
                                          first_attempt)
                values (?, ?, ?, ?, ?, ?, ?, ?)
                on conflict (payout_id) do update
                    set attempt = excluded.attempt, first_attempt = excluded.first_attempt,
                        fail_on_rail = excluded.fail_on_rail
                    where rail_payment.attempt < excluded.attempt""",
                payment.payoutId().value(), payment.mode().name(), payment.driverId().value(), payment.netAmount(),
                payment.rail().name(), payment.failOnRail(), payment.attempt(), payment.firstAttempt());
    }

    Optional<RailPayment> find(PayoutId payoutId) {
        return jdbc.query("select * from rail_payment where payout_id = ?", RailPayments::payment, payoutId.value())
                .stream().findFirst();
    }

    void startAttempt(PayoutId payoutId, long attempt) {
        jdbc.update("update rail_payment set attempt = greatest(attempt, ?) where payout_id = ?", attempt,
                payoutId.value());
    }

    void forget(PayoutId payoutId) {
        jdbc.update("delete from rail_payment where payout_id = ?", payoutId.value());
    }

    private static RailPayment payment(ResultSet row, int index) throws SQLException {
        return new RailPayment(new PayoutId(row.getString("payout_id")), Mode.valueOf(row.getString("mode")),
                new DriverId(row.getString("driver_id")), row.getLong("net_amount"), Rail.valueOf(row.getString("rail")),
                row.getBoolean("fail_on_rail"), row.getLong("attempt"), row.getLong("first_attempt"));
    }
}
