package io.payouts.webhook.delivery;

import io.payouts.shared.Mode;
import io.payouts.webhook.subscription.SubscriptionId;
import io.payouts.webhook.subscription.Subscriptions;
import org.springframework.jdbc.core.JdbcTemplate;

import java.net.URI;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;

/**
 * The outbound deliveries in {@code webhook_delivery} and their attempts (ADR-0014). Creating joins the caller's
 * transaction (the processor's, so a delivery and the processor's token commit together); claiming is one
 * statement, so its lease commits at once.
 */
public class Deliveries {

    /** Attempts one subscription may have under way at once, across dispatchers. */
    static final int IN_FLIGHT_PER_SUBSCRIPTION = 2;

    private final JdbcTemplate jdbc;

    public Deliveries(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** One pending delivery per subscription; an event delivered to the processor again adds none. */
    public void create(String eventId, WebhookEvent event, String payload, List<SubscriptionId> subscriptions,
                       Instant now) {
        for (SubscriptionId subscription : subscriptions) {
            jdbc.update("""
                    insert into webhook_delivery (id, direction, event_id, event_type, mode, subscription_id, payload,
                        status, attempts, next_attempt_at, retry_from, created_at)
                    values (?, 'outbound', ?, ?, ?, ?, ?, 'pending', 0, ?, ?, ?)
                    on conflict (event_id, subscription_id) where direction = 'outbound' do nothing""",
                    WebhookIds.deliveryId(eventId, subscription.value()), eventId, event.type().apiName(),
                    event.mode().name(), subscription.value(), payload, timestamp(now), timestamp(now),
                    timestamp(now));
        }
    }

    /**
     * Leases up to {@code limit} due deliveries of active subscriptions until {@code leaseUntil}, counting the
     * attempt, oldest due first but at most {@link #IN_FLIGHT_PER_SUBSCRIPTION} in flight per subscription, counting
     * those already leased: a receiver that hangs holds at most that many senders, and every other subscription
     * still finds one free. {@code for update skip locked} keeps two dispatchers from taking one row, and the lease
     * keeps it from being taken again while its attempt runs.
     */
    public List<Claimed> claimDue(Instant now, int limit, Instant leaseUntil) {
        return jdbc.query("""
                        with in_flight as (
                            select subscription_id, count(*) as leased from webhook_delivery
                            where status = 'pending' and lease_until > ?
                            group by subscription_id),
                        ranked as (
                            select d.id, d.next_attempt_at, coalesce(f.leased, 0) + row_number() over (
                                    partition by d.subscription_id order by d.next_attempt_at, d.id) as slot
                            from webhook_delivery d
                                join webhook_subscription s on s.id = d.subscription_id
                                left join in_flight f on f.subscription_id = d.subscription_id
                            where d.status = 'pending' and d.next_attempt_at <= ?
                              and (d.lease_until is null or d.lease_until <= ?) and s.status = 'active'),
                        due as (
                            select d.id from webhook_delivery d join ranked r on r.id = d.id
                            where r.slot <= ?
                            order by r.next_attempt_at
                            limit ?
                            for update of d skip locked)
                        update webhook_delivery d set lease_until = ?, attempts = d.attempts + 1
                        from due, webhook_subscription s
                        where d.id = due.id and s.id = d.subscription_id
                        returning d.id, d.event_id, d.event_type, d.subscription_id, d.payload, d.attempts,
                            d.retry_from, s.url, s.secret, s.previous_secret, s.previous_secret_until""",
                (row, index) -> claimed(row, now), timestamp(now), timestamp(now), timestamp(now),
                IN_FLIGHT_PER_SUBSCRIPTION, limit, timestamp(leaseUntil));
    }

    /** Keeps what one attempt got back; an attempt whose lease another dispatcher has since taken is ignored. */
    public void recordAttempt(Claimed delivery, Attempt attempt) {
        jdbc.update("""
                insert into webhook_attempt (delivery_id, attempt, attempted_at, status_code, duration_ms, error)
                values (?, ?, ?, ?, ?, ?) on conflict do nothing""",
                delivery.id(), delivery.attempt(), timestamp(attempt.at()), attempt.statusCode(),
                attempt.durationMillis(), attempt.error());
    }

    public void succeeded(Claimed delivery, Instant now) {
        jdbc.update("""
                update webhook_delivery set status = 'success', processed_at = ?, next_attempt_at = null,
                    lease_until = null, last_error = null
                where id = ? and attempts = ? and status = 'pending'""",
                timestamp(now), delivery.id(), delivery.attempt());
    }

    public void retryAt(Claimed delivery, Instant next, String error) {
        jdbc.update("""
                update webhook_delivery set next_attempt_at = ?, lease_until = null, last_error = ?
                where id = ? and attempts = ? and status = 'pending'""",
                timestamp(next), error, delivery.id(), delivery.attempt());
    }

    public void failed(Claimed delivery, Instant now, String error) {
        jdbc.update("""
                update webhook_delivery set status = 'failed', processed_at = ?, next_attempt_at = null,
                    lease_until = null, last_error = ?
                where id = ? and attempts = ? and status = 'pending'""",
                timestamp(now), error, delivery.id(), delivery.attempt());
    }

    /** What a resend found. */
    public enum Resend { REQUEUED, NOT_FOUND, SUBSCRIPTION_INACTIVE }

    /**
     * Sends the delivery again, with the same event id and payload, as soon as a dispatcher polls; its retry
     * window starts over.
     */
    public Resend resend(Mode mode, String deliveryId, Instant now) {
        List<String> status = jdbc.query("""
                        select s.status from webhook_delivery d join webhook_subscription s on s.id = d.subscription_id
                        where d.id = ? and d.mode = ? and d.direction = 'outbound'""",
                (row, index) -> row.getString(1), deliveryId, mode.name());
        if (status.isEmpty()) {
            return Resend.NOT_FOUND;
        }
        if (!status.get(0).equals("active")) {
            return Resend.SUBSCRIPTION_INACTIVE;
        }
        jdbc.update("""
                update webhook_delivery set status = 'pending', next_attempt_at = ?, lease_until = null,
                    retry_from = ?, processed_at = null
                where id = ?""", timestamp(now), timestamp(now), deliveryId);
        return Resend.REQUEUED;
    }

    private static Claimed claimed(ResultSet row, Instant now) throws SQLException {
        List<String> secrets = Subscriptions.signingSecrets(row.getString("secret"), row.getString("previous_secret"),
                instant(row.getTimestamp("previous_secret_until")), now);
        return new Claimed(row.getString("id"), row.getString("event_id"), row.getString("event_type"),
                new SubscriptionId(row.getString("subscription_id")), URI.create(row.getString("url")),
                row.getString("payload"), row.getInt("attempts"), instant(row.getTimestamp("retry_from")), secrets);
    }

    static Instant instant(Timestamp timestamp) {
        return timestamp == null ? null : timestamp.toInstant();
    }

    static OffsetDateTime timestamp(Instant instant) {
        return instant == null ? null : OffsetDateTime.ofInstant(instant, ZoneOffset.UTC);
    }

    /**
     * A leased delivery. {@code attempt} counts this one; {@code secrets} sign it, the newest first.
     */
    public record Claimed(String id, String eventId, String eventType, SubscriptionId subscriptionId, URI url,
                          String payload, int attempt, Instant retryFrom, List<String> secrets) {

        @Override
        public String toString() {
            return "delivery " + id + " of " + eventId + " (attempt " + attempt + ")";
        }
    }

    /** What one attempt got: the receiver's status code, or none and an error. */
    public record Attempt(Instant at, Integer statusCode, long durationMillis, String error) {

        public boolean succeeded() {
            return statusCode != null && statusCode >= 200 && statusCode < 300;
        }
    }
}
