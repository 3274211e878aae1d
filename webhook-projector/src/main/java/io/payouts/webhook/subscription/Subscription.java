package io.payouts.webhook.subscription;

import io.payouts.shared.Mode;

import java.time.Instant;
import java.util.List;

/**
 * A stored subscription as the API may show it: never its secrets.
 *
 * @param statusReason   why it was disabled, when it was
 * @param previousSecretUntil until when deliveries also carry a signature with the previous secret; null when
 *                            never rotated
 */
public record Subscription(SubscriptionId id, Mode mode, String url, List<WebhookEventType> events,
                           SubscriptionStatus status, String statusReason, Instant statusChangedAt,
                           Instant previousSecretUntil, Instant createdAt) {

    public Subscription {
        events = List.copyOf(events);
    }
}
