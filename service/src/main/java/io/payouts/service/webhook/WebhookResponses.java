package io.payouts.service.webhook;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.payouts.service.http.ApiEnums;
import io.payouts.webhook.delivery.DeliveryBacklog;
import io.payouts.webhook.delivery.WebhookLogs;
import io.payouts.webhook.subscription.Subscription;
import io.payouts.webhook.subscription.WebhookEventType;
import io.swagger.v3.oas.annotations.media.Schema;

import java.time.Instant;
import java.util.List;

/** What the webhook endpoints answer with. Secrets appear only in {@link Created} and {@link Rotated}. */
final class WebhookResponses {

    private static final ObjectMapper JSON = new ObjectMapper();

    private WebhookResponses() {
    }

    /**
     * A subscription as listed: never its secret. {@code statusReason} says why it was disabled; {@code delivery} how
     * far behind its deliveries are.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record SubscriptionView(String id, String url, List<String> events, String status, String statusReason,
                            Instant statusChangedAt, Instant previousSecretExpiresAt, Instant createdAt,
                            DeliveryView delivery) {

        static SubscriptionView of(Subscription subscription, DeliveryBacklog.Figures figures) {
            Instant rotating = subscription.previousSecretUntil();
            return new SubscriptionView(subscription.id().value(), subscription.url(), names(subscription.events()),
                    ApiEnums.name(subscription.status()), subscription.statusReason(), subscription.statusChangedAt(),
                    rotating, subscription.createdAt(), DeliveryView.of(figures));
        }
    }

    /**
     * A subscription's backlog and latency: deliveries waiting and since when the oldest waits, and of the deliveries
     * created in the last hour, how many were delivered and how long the median and the 95th percentile took from
     * the event to the receiver's 2xx (null when none was).
     */
    record DeliveryView(long pending, Instant oldestPendingSince, long deliveredLastHour, Long latencyP50Ms,
                        Long latencyP95Ms) {

        static DeliveryView of(DeliveryBacklog.Figures figures) {
            return figures == null ? new DeliveryView(0, null, 0, null, null)
                    : new DeliveryView(figures.pending(), figures.oldestPendingSince(), figures.deliveredRecently(),
                    figures.latencyP50Millis(), figures.latencyP95Millis());
        }
    }

    /** The answer to a new subscription: the only time its signing secret is shown. */
    record Created(String id, String url, List<String> events, String status, String secret, Instant createdAt) {
    }

    /** The answer to a rotation: the new secret, shown once; the old one still signs until the time given. */
    record Rotated(String id, String secret, Instant previousSecretExpiresAt) {
    }

    record Deleted(String id, boolean deleted) {
    }

    /**
     * A webhook log entry: the spec's id, event, payload, processedAt and status, then the delivery's details, with
     * the URL it goes to (null for an inbound event).
     */
    record LogEntry(String id, String event, JsonNode payload, Instant processedAt, String status, String direction,
                    String eventId, String subscriptionId,
                    @Schema(description = "where an outbound delivery goes: its subscription's URL; null for an "
                            + "inbound event", example = "https://example.com/webhooks/payouts") String targetUrl,
                    int attemptCount, Instant nextAttemptAt, String lastError,
                    Instant createdAt, List<AttemptView> attempts) {

        static LogEntry of(WebhookLogs.Entry entry) {
            return new LogEntry(entry.id(), entry.eventType(), json(entry.payload()), entry.processedAt(),
                    entry.status(), entry.direction(), entry.eventId(), entry.subscriptionId(), entry.url(),
                    entry.attemptCount(), entry.nextAttemptAt(), entry.lastError(), entry.createdAt(),
                    entry.attempts().stream().map(AttemptView::of).toList());
        }
    }

    record AttemptView(int attempt, Instant attemptedAt, Integer statusCode, long durationMs, String error) {

        static AttemptView of(WebhookLogs.Attempt attempt) {
            return new AttemptView(attempt.attempt(), attempt.attemptedAt(), attempt.statusCode(),
                    attempt.durationMillis(), attempt.error());
        }
    }

    record Processed(String message) {
    }

    static List<String> names(List<WebhookEventType> events) {
        return events.stream().map(WebhookEventType::apiName).toList();
    }

    private static JsonNode json(String payload) {
        try {
            return JSON.readTree(payload);
        } catch (JsonProcessingException e) {
            return JSON.getNodeFactory().textNode(payload);
        }
    }
}
