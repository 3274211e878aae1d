package io.payouts.webhook.delivery;

import io.payouts.shared.Mode;
import io.payouts.webhook.subscription.SubscriptionId;
import org.springframework.jdbc.core.JdbcTemplate;

import java.sql.Timestamp;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;

/**
 * Creates and resends the outbound deliveries in {@code webhook_delivery} (ADR-0014). Creating joins the caller's
 * transaction (the processor's, so a delivery and the processor's token commit together). Claiming them is
 * {@link DeliveryClaims}', recording what an attempt got {@link DeliveryOutcomes}'.
 */
public class Deliveries {

    private final JdbcTemplate jdbc;

    public Deliveries(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * One pending delivery per row; an event delivered to the processor again adds none. One multi-row statement for
     * a processor batch's worth.
     */
    public void create(List<NewDelivery> rows, Instant now) {
        jdbc.batchUpdate("""
                insert into webhook_delivery (id, direction, event_id, event_type, mode, subscription_id, payload,
                    status, attempts, next_attempt_at, retry_from, created_at)
                values (?, 'outbound', ?, ?, ?, ?, ?, 'pending', 0, ?, ?, ?)
                on conflict (event_id, subscription_id) where direction = 'outbound' do nothing""",
                rows, rows.size(), (statement, row) -> {
                    statement.setString(1, WebhookIds.deliveryId(row.eventId(), row.subscription().value()));
                    statement.setString(2, row.eventId());
                    statement.setString(3, row.event().type().apiName());
                    statement.setString(4, row.event().mode().name());
                    statement.setString(5, row.subscription().value());
                    statement.setString(6, row.payload());
                    statement.setObject(7, timestamp(now));
                    statement.setObject(8, timestamp(now));
                    statement.setObject(9, timestamp(now));
                });
    }

    /** A delivery to create: the event's payload, fixed once, for one subscription. */
    public record NewDelivery(String eventId, WebhookEvent event, String payload, SubscriptionId subscription) {
    }

    /** What a resend found. */
    public enum Resend { REQUEUED, NOT_FOUND, SUBSCRIPTION_INACTIVE }

    /**
     * Sends the delivery again, with the same event id and payload, at once; its retry
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

    static Instant instant(Timestamp timestamp) {
        return timestamp == null ? null : timestamp.toInstant();
    }

    static OffsetDateTime timestamp(Instant instant) {
        return instant == null ? null : OffsetDateTime.ofInstant(instant, ZoneOffset.UTC);
    }
}
