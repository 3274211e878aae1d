package io.payouts.service.webhook;

import java.util.List;

/** Request bodies of the webhook endpoints. */
final class WebhookBodies {

    private WebhookBodies() {
    }

    /** POST /api/v1/webhooks: an https URL and a non-empty subset of the spec's event names. */
    record NewSubscription(String url, List<String> events) {
    }
}
