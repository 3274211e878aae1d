package io.payouts.webhook.delivery;

import io.payouts.shared.Mode;
import io.payouts.webhook.subscription.WebhookEventType;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/** What one domain event tells webhook receivers: its type, its mode and the payload's data, in order. */
public record WebhookEvent(WebhookEventType type, Mode mode, Map<String, Object> data) {

    public WebhookEvent {
        data = Collections.unmodifiableMap(new LinkedHashMap<>(data));
    }
}
