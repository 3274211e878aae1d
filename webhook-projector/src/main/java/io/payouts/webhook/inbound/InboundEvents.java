package io.payouts.webhook.inbound;

import io.payouts.shared.Mode;
import io.payouts.webhook.delivery.WebhookIds;
import org.springframework.jdbc.core.JdbcTemplate;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

/**
 * Inbound events, each processed once (ADR-0014): a row per inbound event id, in the webhook logs of the payout's
 * mode. Recording joins the caller's transaction, so an event whose processing fails leaves no row and may be
 * sent again.
 */
public class InboundEvents {

    private final JdbcTemplate jdbc;

    public InboundEvents(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** Whether an event with this id was recorded: a delivery of it again changes nothing, whatever it names. */
    public boolean recorded(String inboundEventId) {
        return Boolean.TRUE.equals(jdbc.queryForObject("""
                select exists (select 1 from webhook_delivery where event_id = ? and direction = 'inbound')""",
                Boolean.class, inboundEventId));
    }

    /** Records the event; false when an event with this id was recorded before (nothing is written then). */
    public boolean recordOnce(String inboundEventId, String eventType, Mode mode, String payload, Instant now) {
        OffsetDateTime at = OffsetDateTime.ofInstant(now, ZoneOffset.UTC);
        return jdbc.update("""
                insert into webhook_delivery (id, direction, event_id, event_type, mode, payload, status, attempts,
                    retry_from, created_at, processed_at)
                values (?, 'inbound', ?, ?, ?, ?, 'success', 1, ?, ?, ?)
                on conflict (event_id) where direction = 'inbound' do nothing""",
                WebhookIds.inboundLogId(inboundEventId), inboundEventId, eventType, mode.name(), payload, at, at,
                at) == 1;
    }
}
