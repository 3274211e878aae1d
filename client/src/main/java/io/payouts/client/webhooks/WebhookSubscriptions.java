package io.payouts.client.webhooks;

import io.payouts.client.RequestOptions;
import io.payouts.client.Transport;

import java.util.List;
import java.util.Map;

/** The webhook subscription endpoints (scope webhooks:manage). */
public final class WebhookSubscriptions {

    public static final String PATH = "/api/v1/webhooks";

    private final Transport transport;

    public WebhookSubscriptions(Transport transport) {
        this.transport = transport;
    }

    /**
     * Subscribes {@code url} (https and a public address, unless the service allows insecure targets) to
     * {@code events}: payout.created, payout.succeeded, payout.failed, payout.cancelled, batch.released,
     * batch.completed, and the wallet's alerts balance.low, balance.recovered, balance.shortfall_projected.
     */
    public WebhookSubscription subscribe(String url, List<String> events) {
        return transport.post(PATH, Map.of("url", url, "events", events), RequestOptions.none(),
                WebhookSubscription.class);
    }

    public void delete(String subscriptionId) {
        transport.delete(PATH + "/" + subscriptionId, Object.class);
    }
}
