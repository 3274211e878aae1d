package io.payouts.service.webhook;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.payouts.service.http.JsonProblems;
import io.payouts.service.http.StorableTextJsonFactory;
import io.payouts.shared.InvalidFieldException;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.PayoutNotFoundException;
import io.payouts.webhook.delivery.WebhookIds;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Set;

/**
 * The inbound body {@code {id?, event, timestamp, data: {payoutId, status, amount, reason?}}}. Without an
 * {@code id}, the event is known by a hash of its raw body.
 */
record InboundEvent(String id, String type, PayoutId payoutId, String reason) {

    private static final Set<String> COMPLETED = Set.of("payout.completed", "payout.succeeded");
    private static final String FAILED = "payout.failed";
    private static final ObjectMapper JSON = new ObjectMapper(new StorableTextJsonFactory());

    /** Whether the rail reports the payout completed; otherwise it reports it failed. */
    boolean completed() {
        return COMPLETED.contains(type);
    }

    static InboundEvent parse(byte[] raw) {
        JsonNode body;
        try {
            body = JSON.readTree(raw);
        } catch (IOException unreadable) {
            Map.Entry<String, String> problem = JsonProblems.describe(unreadable).entrySet().iterator().next();
            throw new InvalidFieldException(problem.getKey(), problem.getValue());
        }
        if (body == null || !body.isObject()) {
            throw new InvalidFieldException("body", "must be a JSON object");
        }
        String type = body.path("event").asText("");
        if (!COMPLETED.contains(type) && !FAILED.equals(type)) {
            throw new InvalidFieldException("event", "must be one of payout.completed, payout.succeeded, "
                    + "payout.failed");
        }
        JsonNode data = body.path("data");
        if (!data.isObject()) {
            throw new InvalidFieldException("data", "must be an object with payoutId");
        }
        JsonNode payoutId = data.path("payoutId");
        if (!payoutId.isTextual()) {
            throw new InvalidFieldException("data.payoutId", "is required");
        }
        PayoutId payout = PayoutId.parse(payoutId.asText())
                .orElseThrow(() -> new PayoutNotFoundException(payoutId.asText()));
        JsonNode id = body.path("id");
        String eventId = id.isTextual() && !id.asText().isBlank() ? id.asText()
                : "body_" + WebhookIds.hash(new String(raw, StandardCharsets.UTF_8));
        if (eventId.length() > 200) {
            throw new InvalidFieldException("id", "must be at most 200 characters");
        }
        String reason = data.path("reason").isTextual() ? data.path("reason").asText()
                : "reported failed by the rail's webhook";
        return new InboundEvent(eventId, type, payout, reason);
    }
}
