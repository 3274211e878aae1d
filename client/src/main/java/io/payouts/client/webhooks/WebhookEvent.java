package io.payouts.client.webhooks;

import com.fasterxml.jackson.databind.JsonNode;

import java.time.Instant;

/**
 * A delivered event: {@code id} (evt_…) stays the same across retries and resends, so de-duplicate on it;
 * {@code data} depends on the type (payout.succeeded: payoutId, driverId, amount, status, completedAt).
 */
public record WebhookEvent(String id, String type, JsonNode data, Instant timestamp) {
}
