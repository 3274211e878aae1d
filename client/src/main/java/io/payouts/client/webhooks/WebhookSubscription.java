package io.payouts.client.webhooks;

import java.time.Instant;
import java.util.List;

/** A subscription; {@code secret} (whsec_…) is returned only when it is created: keep it to verify deliveries. */
public record WebhookSubscription(String id, String url, List<String> events, String status, String secret,
                                  Instant createdAt) {
}
