package io.payouts.webhook.delivery;

import io.payouts.shared.Mode;
import io.payouts.webhook.subscription.SubscriptionId;

import java.net.URI;
import java.time.Instant;
import java.util.List;

/**
 * A delivery leased to this dispatcher for one attempt. {@code attempt} counts this one; {@code dueAt} is when it
 * came due; {@code secrets} sign it, the newest first.
 */
record ClaimedDelivery(String id, Mode mode, String eventId, String eventType, SubscriptionId subscriptionId, URI url,
                       String payload, int attempt, Instant retryFrom, Instant dueAt, List<String> secrets) {

    @Override
    public String toString() {
        return "delivery " + id + " of " + eventId + " (attempt " + attempt + ")";
    }
}
