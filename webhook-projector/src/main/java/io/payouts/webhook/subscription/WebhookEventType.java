package io.payouts.webhook.subscription;

import java.util.Arrays;
import java.util.Optional;

/** The event names of the spec's Events section, the ones a subscription may ask for. */
public enum WebhookEventType {
    PAYOUT_CREATED("payout.created"),
    PAYOUT_SUCCEEDED("payout.succeeded"),
    PAYOUT_FAILED("payout.failed"),
    PAYOUT_CANCELLED("payout.cancelled"),
    BATCH_RELEASED("batch.released"),
    BATCH_COMPLETED("batch.completed");

    private final String apiName;

    WebhookEventType(String apiName) {
        this.apiName = apiName;
    }

    public String apiName() {
        return apiName;
    }

    public static Optional<WebhookEventType> parse(String name) {
        return Arrays.stream(values()).filter(type -> type.apiName.equals(name)).findFirst();
    }
}
