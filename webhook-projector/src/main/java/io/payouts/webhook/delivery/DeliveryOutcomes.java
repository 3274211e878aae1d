package io.payouts.webhook.delivery;

import io.payouts.webhook.subscription.SubscriptionId;
import org.springframework.jdbc.core.JdbcTemplate;

import java.time.Instant;
import java.util.List;

import static io.payouts.webhook.delivery.Deliveries.timestamp;

/**
 * Records what attempts got, many at once: their rows in {@code webhook_attempt}, each delivery's new state, and
 * whether its receiver is in trouble. Every change is guarded by the attempt number, so an outcome that arrives
 * after another dispatcher took the delivery over (its lease ran out) changes nothing. The caller holds the
 * transaction.
 */
class DeliveryOutcomes {

    private final JdbcTemplate jdbc;

    DeliveryOutcomes(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    void attempts(List<Outcome> outcomes) {
        jdbc.batchUpdate("""
                insert into webhook_attempt (delivery_id, attempt, attempted_at, status_code, duration_ms, error)
                values (?, ?, ?, ?, ?, ?) on conflict do nothing""", outcomes, outcomes.size(),
                (statement, outcome) -> {
                    statement.setString(1, outcome.delivery().id());
                    statement.setInt(2, outcome.delivery().attempt());
                    statement.setObject(3, timestamp(outcome.attempt().at()));
                    statement.setObject(4, outcome.attempt().statusCode());
                    statement.setLong(5, outcome.attempt().durationMillis());
                    statement.setString(6, outcome.attempt().error());
                });
    }

    void succeeded(List<ClaimedDelivery> deliveries, Instant now) {
        jdbc.batchUpdate("""
                update webhook_delivery set status = 'success', processed_at = ?, next_attempt_at = null,
                    lease_until = null, last_error = null
                where id = ? and attempts = ? and status = 'pending'""", deliveries, deliveries.size(),
                (statement, delivery) -> {
                    statement.setObject(1, timestamp(now));
                    statement.setString(2, delivery.id());
                    statement.setInt(3, delivery.attempt());
                });
    }

    void retryAt(ClaimedDelivery delivery, Instant next, String error) {
        jdbc.update("""
                update webhook_delivery set next_attempt_at = ?, lease_until = null, last_error = ?
                where id = ? and attempts = ? and status = 'pending'""",
                timestamp(next), error, delivery.id(), delivery.attempt());
    }

    void failed(ClaimedDelivery delivery, Instant now, String error) {
        jdbc.update("""
                update webhook_delivery set status = 'failed', processed_at = ?, next_attempt_at = null,
                    lease_until = null, last_error = ?
                where id = ? and attempts = ? and status = 'pending'""",
                timestamp(now), error, delivery.id(), delivery.attempt());
    }

    /** The receiver answered: it gets its full concurrency back at once. */
    void receiverAnswered(SubscriptionId subscription) {
        jdbc.update("""
                update webhook_subscription set consecutive_failures = 0, paused_until = null
                where id = ? and (consecutive_failures <> 0 or paused_until is not null)""", subscription.value());
    }

    /**
     * The receiver is in trouble once more: one attempt at a time, after a pause that grows with each failure. Its
     * health as it now is.
     */
    SenderLeases.Held receiverInTrouble(SubscriptionId subscription, ReceiverPauses pauses, Instant now) {
        Integer failures = jdbc.queryForObject("""
                update webhook_subscription set consecutive_failures = consecutive_failures + 1
                where id = ? returning consecutive_failures""", Integer.class, subscription.value());
        int inARow = failures == null ? 1 : failures;
        Instant pausedUntil = now.plus(pauses.after(inARow));
        jdbc.update("update webhook_subscription set paused_until = ? where id = ?", timestamp(pausedUntil),
                subscription.value());
        return new SenderLeases.Held(subscription, inARow, pausedUntil);
    }

    /** One attempt's delivery and what it got. */
    record Outcome(ClaimedDelivery delivery, Attempt attempt) {
    }
}
