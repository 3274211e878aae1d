package io.payouts.service.webhook;

import io.swagger.v3.oas.annotations.media.Schema;

import java.util.List;

/** Request bodies of the webhook endpoints. */
final class WebhookBodies {

    private WebhookBodies() {
    }

    /** POST /api/v1/webhooks: an https URL and a non-empty subset of the spec's event names. */
    record NewSubscription(@Schema(requiredMode = Schema.RequiredMode.REQUIRED) String url,
                           @Schema(requiredMode = Schema.RequiredMode.REQUIRED) List<String> events) {
    }

    /**
     * POST /api/v1/webhooks/inbound, as the document describes it: the controller reads the raw bytes itself, since
     * the signature is over them, and checks what this record says.
     */
    @Schema(name = "InboundWebhook", description = "a rail's report of a payout's outcome")
    record InboundWebhook(@Schema(description = "the rail's event id; without one, a hash of the raw body",
                                  maxLength = 200) String id,
                          @Schema(requiredMode = Schema.RequiredMode.REQUIRED,
                                  allowableValues = {"payout.completed", "payout.succeeded", "payout.failed"})
                          String event,
                          @Schema(description = "when the rail saw it, ISO 8601; informational") String timestamp,
                          @Schema(requiredMode = Schema.RequiredMode.REQUIRED) InboundData data) {
    }

    @Schema(name = "InboundWebhookData")
    record InboundData(@Schema(requiredMode = Schema.RequiredMode.REQUIRED, example =
                               "pay_0123456789abcdef0123456789abcdef") String payoutId,
                       @Schema(description = "informational") String status,
                       @Schema(description = "informational, in cents") Long amount,
                       @Schema(description = "why it failed, for payout.failed") String reason) {
    }
}
