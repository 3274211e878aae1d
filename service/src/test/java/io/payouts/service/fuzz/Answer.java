package io.payouts.service.fuzz;

import com.fasterxml.jackson.databind.JsonNode;

import java.net.http.HttpHeaders;

/** What the service answered: status, headers and the body, parsed when it is JSON (else null). */
record Answer(int status, HttpHeaders headers, String body, JsonNode json) {

    boolean refused() {
        return status >= 400 && status < 500;
    }

    boolean accepted() {
        return status >= 200 && status < 300;
    }

    String header(String name) {
        return headers.firstValue(name).orElse(null);
    }

    /** The id events written for this request carry in their metadata (ADR-0025). */
    String requestId() {
        String header = header("X-Request-Id");
        if (header != null) {
            return header;
        }
        return json == null ? null : json.path("meta").path("requestId").asText(null);
    }

    String errorCode() {
        return json == null ? null : json.path("error").path("code").asText(null);
    }

    JsonNode details() {
        return json == null ? null : json.path("error").path("details");
    }
}
