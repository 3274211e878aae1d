package io.payouts.service.audit;

import com.fasterxml.jackson.databind.JsonNode;
import io.payouts.service.support.Api;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** Drivers, funds and payouts for the audit tests, made through the API like a client would. */
final class AuditFixtures {

    static final Duration RAIL_TIMEOUT = Duration.ofSeconds(30);

    private AuditFixtures() {
    }

    /** An approved production key holding every scope, as a client. */
    static Api productionApi(Api owner, Api anonymous) {
        String id = owner.createKey("production", Api.ALL_SCOPES).body().path("id").asText();
        Api.Response approved = owner.post("/api/v1/admin/api-keys/" + id + "/approve", "{}");
        assertThat(approved.status()).as("approving: %s", approved).isEqualTo(200);
        return anonymous.withBearer(approved.body().path("key").asText());
    }

    static String payableDriver(Api api) {
        String id = api.registerDriver().path("id").asText();
        Api.Response verified = api.post("/api/v1/drivers/" + id + "/kyc", "{\"outcome\":\"verified\"}");
        assertThat(verified.status()).as("verifying: %s", verified).isEqualTo(200);
        return id;
    }

    /** Tops the sandbox wallet up, waits until it settled, and returns the top-up's id. */
    static String fund(Api api, long amount) {
        Api.Response topUp = api.post("/api/v1/funding/topup", "{\"amount\":%d}".formatted(amount));
        assertThat(topUp.status()).as("top-up: %s", topUp).isEqualTo(200);
        String id = topUp.data().path("transactionId").asText();
        await("top-up " + id + " settles").atMost(Duration.ofSeconds(10)).until(() ->
                types(api.get("/api/v1/funding/topups/" + id + "/history")).contains("top_up.settled"));
        return id;
    }

    static Api.Response pay(Api api, String driverId, long amount) {
        Api.Response created = api.post("/api/v1/payouts", """
                {"driverId":"%s","amount":%d,"description":"audit"}""".formatted(driverId, amount));
        assertThat(created.status()).as("paying: %s", created).isEqualTo(200);
        return created;
    }

    static void awaitCompleted(Api api, String payoutId) {
        await("payout " + payoutId + " completes on the simulated rail").atMost(RAIL_TIMEOUT).until(() ->
                api.get("/api/v1/payouts/" + payoutId).data().path("status").asText().equals("completed"));
    }

    static List<String> types(Api.Response list) {
        List<String> types = new ArrayList<>();
        list.data().path("items").forEach(item -> types.add(item.path("type").asText()));
        return types;
    }

    static List<JsonNode> items(Api.Response list) {
        List<JsonNode> items = new ArrayList<>();
        list.data().path("items").forEach(items::add);
        return items;
    }
}
