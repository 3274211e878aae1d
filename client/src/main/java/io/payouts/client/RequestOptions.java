package io.payouts.client;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Per-request headers: an {@code Idempotency-Key} (retry a POST safely: the same key and body within 24 h
 * return the first answer), and in the sandbox an {@code X-Sandbox-Scenario} to force an outcome.
 */
public final class RequestOptions {

    private final Map<String, String> headers;

    private RequestOptions(Map<String, String> headers) {
        this.headers = Map.copyOf(headers);
    }

    public static RequestOptions none() {
        return new RequestOptions(Map.of());
    }

    public static RequestOptions idempotencyKey(String key) {
        return none().withIdempotencyKey(key);
    }

    public RequestOptions withIdempotencyKey(String key) {
        return with("Idempotency-Key", key);
    }

    /** One of success, insufficient_funds, payout_failed, kyc_pending, rate_limited, slow_response. */
    public RequestOptions withSandboxScenario(String scenario) {
        return with("X-Sandbox-Scenario", scenario);
    }

    Map<String, String> headers() {
        return headers;
    }

    private RequestOptions with(String name, String value) {
        Map<String, String> more = new LinkedHashMap<>(headers);
        more.put(name, value);
        return new RequestOptions(more);
    }
}
