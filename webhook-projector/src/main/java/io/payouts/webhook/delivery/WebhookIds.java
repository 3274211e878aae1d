package io.payouts.webhook.delivery;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * Ids derived from what they stand for, never random, so that a replayed event or a retried delivery carries the
 * id it had the first time (ADR-0014).
 */
public final class WebhookIds {

    public static final String EVENT_PREFIX = "evt_";
    public static final String LOG_PREFIX = "log_";

    private WebhookIds() {
    }

    /** The payload id of the domain event with this Axon message identifier. */
    public static String eventId(String messageIdentifier) {
        return EVENT_PREFIX + hash("event:" + messageIdentifier);
    }

    /** The log entry of one event's delivery to one subscription. */
    public static String deliveryId(String eventId, String subscriptionId) {
        return LOG_PREFIX + hash("delivery:" + eventId + ":" + subscriptionId);
    }

    /** The log entry of one inbound event. */
    public static String inboundLogId(String inboundEventId) {
        return LOG_PREFIX + hash("inbound:" + inboundEventId);
    }

    /** 32 lowercase hex digits of the SHA-256 of {@code text}. */
    public static String hash(String text) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }
}
