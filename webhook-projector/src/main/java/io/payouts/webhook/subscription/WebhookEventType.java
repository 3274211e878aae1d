package io.payouts.webhook.subscription;

import java.util.Arrays;
import java.util.Optional;

/**
 * The event names a subscription may ask for: the spec's Events section, then the wallet's alerts (ADR-0043), then
 * approvals (ADR-0046).
 */
public enum WebhookEventType {
    PAYOUT_CREATED("payout.created"),
    PAYOUT_SUCCEEDED("payout.succeeded"),
    PAYOUT_FAILED("payout.failed"),
    PAYOUT_CANCELLED("payout.cancelled"),
    BATCH_RELEASED("batch.released"),
    BATCH_COMPLETED("batch.completed"),
    BALANCE_LOW("balance.low"),
    BALANCE_RECOVERED("balance.recovered"),
    BALANCE_SHORTFALL_PROJECTED("balance.shortfall_projected"),
    PAYOUT_APPROVAL_REQUIRED("payout.approval_required"),
    PAYOUT_APPROVED("payout.approved"),
    PAYOUT_REJECTED("payout.rejected"),
    BATCH_APPROVAL_REQUIRED("batch.approval_required"),
    BATCH_APPROVED("batch.approved"),
    BATCH_REJECTED("batch.rejected");

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
