package io.payouts.service.fuzz;

import com.fasterxml.jackson.databind.JsonNode;
import io.payouts.service.access.Secrets;
import io.payouts.service.support.Api;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The paths the matrix sends: each template's parameter filled with an existing resource of the mode asked for
 * (drivers, payouts, batches, webhooks, top-ups, events live in one mode each), or with a throwaway key or user
 * of the matrix's own, so that an authorized delete, revoke or regenerate spends nothing another request needs.
 */
final class MatrixPaths {

    /** Templates whose id names a resource of one mode, longest first so that the most specific one matches. */
    private static final List<String> MODE_RESOURCES = List.of("/api/v1/webhooks/deliveries/{id}",
            "/api/v1/funding/topups/{id}", "/api/v1/drivers/{id}", "/api/v1/payouts/{id}", "/api/v1/batches/{id}",
            "/api/v1/webhooks/{id}", "/api/v1/events/{id}");

    private final Map<String, Map<String, String>> idsByMode = new HashMap<>();
    private final Map<String, String> otherIds = new LinkedHashMap<>();

    /** Reads one resource of each kind per mode with a key holding every scope of that mode. */
    void learn(String mode, Api key, String webhookId) {
        Map<String, String> ids = new HashMap<>();
        String driver = first(key, "/api/v1/drivers");
        ids.put("/api/v1/drivers/{id}", driver);
        ids.put("/api/v1/payouts/{id}", first(key, "/api/v1/payouts"));
        ids.put("/api/v1/batches/{id}", first(key, "/api/v1/batches"));
        ids.put("/api/v1/webhooks/{id}", webhookId);
        ids.put("/api/v1/funding/topups/{id}", first(key, "/api/v1/funding/transactions?type=credit"));
        // An event of the driver, which every key the matrix uses on the events API may read.
        ids.put("/api/v1/events/{id}", first(key, "/api/v1/events?limit=1&resource=" + driver));
        ids.put("/api/v1/webhooks/deliveries/{id}", "dlv_" + Secrets.sha256Hex(mode).substring(0, 32));
        idsByMode.put(mode, ids);
    }

    void use(String template, String id) {
        otherIds.put(template, id);
    }

    boolean namesModeResource(Operation operation) {
        return MODE_RESOURCES.stream().anyMatch(operation.template()::startsWith);
    }

    String path(Operation operation, String mode) {
        String template = operation.template();
        for (String resource : MODE_RESOURCES) {
            if (template.startsWith(resource)) {
                return resource.replace("{id}", idsByMode.get(mode).get(resource))
                        + template.substring(resource.length());
            }
        }
        for (Map.Entry<String, String> other : otherIds.entrySet()) {
            if (template.startsWith(other.getKey())) {
                return other.getKey().replaceAll("\\{[^}]+}", other.getValue())
                        + template.substring(other.getKey().length());
            }
        }
        return template.replaceAll("\\{[^}]+}", "unknown_0123456789abcdef");
    }

    private static String first(Api key, String list) {
        Api.Response listed = key.get(list);
        JsonNode first = listed.data().path("items").path(0).path("id");
        if (!first.isTextual()) {
            throw new AssertionError("the matrix found no resource at " + list + ": " + listed);
        }
        return first.asText();
    }
}
