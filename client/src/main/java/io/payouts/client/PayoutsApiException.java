package io.payouts.client;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The service refused a request: its HTTP status, the stable error {@code code} (VALIDATION_ERROR,
 * INSUFFICIENT_FUNDS, …), the message, the offending fields and the request id to quote when reporting it.
 */
public final class PayoutsApiException extends RuntimeException {

    private final int status;
    private final String code;
    private final Map<String, String> details;
    private final String requestId;

    public PayoutsApiException(int status, String code, String message, Map<String, String> details,
                               String requestId) {
        super(status + " " + code + ": " + message + (requestId == null ? "" : " (request " + requestId + ")"));
        this.status = status;
        this.code = code;
        this.details = Map.copyOf(details);
        this.requestId = requestId;
    }

    static PayoutsApiException from(int status, JsonNode envelope) {
        JsonNode error = envelope.path("error");
        Map<String, String> details = new LinkedHashMap<>();
        error.path("details").fields()
                .forEachRemaining(field -> details.put(field.getKey(), field.getValue().asText()));
        JsonNode requestId = envelope.path("meta").path("requestId");
        return new PayoutsApiException(status, error.path("code").asText("UNKNOWN"), error.path("message").asText(""),
                details, requestId.isTextual() ? requestId.asText() : null);
    }

    public int status() {
        return status;
    }

    public String code() {
        return code;
    }

    public Map<String, String> details() {
        return details;
    }

    public String requestId() {
        return requestId;
    }
}
