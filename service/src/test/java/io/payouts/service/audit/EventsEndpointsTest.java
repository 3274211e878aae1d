package io.payouts.service.audit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.payouts.service.support.Api;
import io.payouts.service.support.HttpIntegrationTest;
import io.payouts.service.webhook.WebhookReceiver;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static io.payouts.service.audit.AuditFixtures.items;
import static io.payouts.service.audit.AuditFixtures.types;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** The events API over HTTP (ADR-0027): list, cursor, filters, one event by its webhook's id, the NDJSON export. */
class EventsEndpointsTest extends HttpIntegrationTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void followsAPayoutThroughTheEventsApiNewestFirst() {
        String driverId = AuditFixtures.payableDriver(api());
        AuditFixtures.fund(api(), 2_000);
        String payoutId = AuditFixtures.pay(api(), driverId, 800).data().path("id").asText();
        AuditFixtures.awaitCompleted(api(), payoutId);

        Api.Response events = api().get("/api/v1/events?resource=" + payoutId);

        assertThat(events.status()).as("%s", events).isEqualTo(200);
        // the payout's own stream, and the wallet's reservation that names it
        assertThat(types(events)).containsSubsequence("payout.succeeded", "payout.processing", "payout.queued",
                "payout.created");
        assertThat(types(events)).contains("wallet.funds_reserved");
        assertThat(events.data().path("hasMore").asBoolean()).isFalse();
        List<String> ofType = types(api().get("/api/v1/events?type=payout.succeeded&resource=" + payoutId));
        assertThat(ofType).containsExactly("payout.succeeded");
    }

    @Test
    void aCursorPagesCorrectlyWhileNewEventsArrive() {
        String driverId = AuditFixtures.payableDriver(api());
        for (int i = 0; i < 3; i++) {
            api().put("/api/v1/drivers/" + driverId, """
                    {"name":"Name %d","email":"n%d@example.com","phone":"+14155550123"}""".formatted(i, i));
        }
        String filter = "/api/v1/events?resource=" + driverId + "&limit=2";
        Api.Response first = api().get(filter);
        assertThat(items(first)).hasSize(2);
        assertThat(first.data().path("hasMore").asBoolean()).isTrue();

        api().put("/api/v1/drivers/" + driverId, """
                {"name":"Name late","email":"late@example.com","phone":"+14155550123"}""");
        List<JsonNode> rest = new ArrayList<>();
        String cursor = first.data().path("nextCursor").asText();
        while (cursor != null && !cursor.isEmpty() && !cursor.equals("null")) {
            Api.Response page = api().get(filter + "&cursor=" + cursor);
            assertThat(page.status()).as("%s", page).isEqualTo(200);
            rest.addAll(items(page));
            cursor = page.data().path("nextCursor").isNull() ? null : page.data().path("nextCursor").asText();
        }

        List<Long> sequences = new ArrayList<>();
        items(first).forEach(event -> sequences.add(event.path("sequence").asLong()));
        rest.forEach(event -> sequences.add(event.path("sequence").asLong()));
        // registered (0), kyc verified (1), three updates (2..4): seen once each, newest first, the late one not at all
        assertThat(sequences).containsExactly(4L, 3L, 2L, 1L, 0L);
        assertThat(types(api().get(filter)).get(0)).isEqualTo("driver.updated");
        assertThat(items(api().get(filter)).get(0).path("sequence").asLong()).isEqualTo(5);
    }

    @Test
    void filtersByTimeRange() {
        String driverId = AuditFixtures.payableDriver(api());
        Instant between = Instant.now();
        await().atMost(Duration.ofSeconds(2)).until(() -> Instant.now().isAfter(between.plusMillis(5)));
        api().put("/api/v1/drivers/" + driverId, """
                {"name":"Later","email":"later@example.com","phone":"+14155550123"}""");

        assertThat(types(api().get("/api/v1/events?resource=" + driverId + "&to=" + between)))
                .containsExactly("driver.kyc_verified", "driver.registered");
        assertThat(types(api().get("/api/v1/events?resource=" + driverId + "&from=" + between)))
                .containsExactly("driver.updated");
    }

    @Test
    void fetchesAMissedWebhooksEventByItsId() {
        try (WebhookReceiver receiver = WebhookReceiver.start()) {
            Api.Response subscribed = api().post("/api/v1/webhooks", """
                    {"url":"%s","events":["payout.created","payout.succeeded"]}""".formatted(receiver.url()));
            assertThat(subscribed.status()).as("%s", subscribed).isEqualTo(200);
            String driverId = AuditFixtures.payableDriver(api());
            AuditFixtures.fund(api(), 1_000);
            String payoutId = AuditFixtures.pay(api(), driverId, 400).data().path("id").asText();
            await("the webhook arrives").atMost(Duration.ofSeconds(20)).until(() -> !receiver.about(payoutId).isEmpty());
            JsonNode delivered = readJson(receiver.about(payoutId).get(0).body());

            Api.Response fetched = api().get("/api/v1/events/" + delivered.path("id").asText());

            assertThat(fetched.status()).as("%s", fetched).isEqualTo(200);
            assertThat(fetched.data().path("id").asText()).isEqualTo(delivered.path("id").asText());
            assertThat(fetched.data().path("type").asText()).isEqualTo(delivered.path("type").asText());
            assertThat(fetched.data().path("data")).isEqualTo(delivered.path("data"));
            assertThat(fetched.data().path("timestamp").asText()).isEqualTo(delivered.path("timestamp").asText());
        }
    }

    @Test
    void exportsATimeRangeAsNdjsonOldestFirst() throws Exception {
        Instant from = Instant.now();
        String driverId = AuditFixtures.payableDriver(api());
        api().put("/api/v1/drivers/" + driverId, """
                {"name":"Exported","email":"exported@example.com","phone":"+14155550123"}""");

        HttpResponse<String> export = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(
                        api().baseUrl() + "/api/v1/events/export?type=driver.registered,driver.updated&from=" + from))
                .header("Authorization", "Bearer " + api().bearer()).GET().build(),
                HttpResponse.BodyHandlers.ofString());

        assertThat(export.statusCode()).isEqualTo(200);
        assertThat(export.headers().firstValue("Content-Type").orElse("")).startsWith("application/x-ndjson");
        List<JsonNode> lines = new ArrayList<>();
        for (String line : export.body().split("\n")) {
            lines.add(readJson(line));
        }
        List<String> ours = lines.stream().filter(line -> line.path("resourceId").asText().equals(driverId))
                .map(line -> line.path("type").asText()).toList();
        assertThat(ours).containsExactly("driver.registered", "driver.updated");
        assertThat(lines).allSatisfy(line -> assertThat(Instant.parse(line.path("timestamp").asText()))
                .isAfterOrEqualTo(from));
    }

    @Test
    void refusesBadParametersNamingThem() {
        assertThat(api().get("/api/v1/events?cursor=nonsense").error().path("details").has("cursor")).isTrue();
        assertThat(api().get("/api/v1/events?from=yesterday").error().path("details").has("from")).isTrue();
        assertThat(api().get("/api/v1/events?to=2026-13-01T00:00:00Z").error().path("details").has("to")).isTrue();
        assertThat(api().get("/api/v1/events?from=2026-01-02T00:00:00Z&to=2026-01-01T00:00:00Z").error()
                .path("details").has("to")).isTrue();
        assertThat(api().get("/api/v1/events?limit=0").error().path("details").has("limit")).isTrue();
        assertThat(api().get("/api/v1/events?type=payout.exploded").error().path("details").has("type")).isTrue();
        assertThat(api().get("/api/v1/events?type=api_key.created").status()).isEqualTo(400);
        assertThat(api().get("/api/v1/events/export?from=soon").error().path("details").has("from")).isTrue();
        Api.Response bad = api().get("/api/v1/events?cursor=nonsense");
        assertThat(bad.status()).isEqualTo(400);
        assertThat(bad.error().path("code").asText()).isEqualTo("VALIDATION_ERROR");
    }

    @Test
    void unknownMalformedAndOtherModesEventsAre404() {
        String driverId = AuditFixtures.payableDriver(api());
        String eventId = items(api().get("/api/v1/events?resource=" + driverId)).get(0).path("id").asText();
        Api production = AuditFixtures.productionApi(owner(), anonymous());

        assertThat(api().get("/api/v1/events/" + eventId).status()).isEqualTo(200);
        assertThat(production.get("/api/v1/events/" + eventId).status()).isEqualTo(404);
        assertThat(api().get("/api/v1/events/evt_" + "0".repeat(32)).error().path("code").asText())
                .isEqualTo("NOT_FOUND");
        assertThat(api().get("/api/v1/events/evt_nope").status()).isEqualTo(404);
        assertThat(types(production.get("/api/v1/events?resource=" + driverId))).isEmpty();
    }

    @Test
    void aKeySeesOnlyTheEventsItsScopesLetItRead() {
        String driverId = AuditFixtures.payableDriver(api());
        String eventId = items(api().get("/api/v1/events?resource=" + driverId)).get(0).path("id").asText();
        Api payoutsOnly = owner().withNewKey("sandbox", List.of("payouts:read"));
        Api webhooksOnly = owner().withNewKey("sandbox", List.of("webhooks:manage"));

        assertThat(types(payoutsOnly.get("/api/v1/events?resource=" + driverId))).isEmpty();
        Api.Response forbidden = payoutsOnly.get("/api/v1/events?type=driver.registered");
        assertThat(forbidden.status()).isEqualTo(403);
        assertThat(forbidden.error().path("message").asText()).contains("drivers:read");
        assertThat(payoutsOnly.get("/api/v1/events/" + eventId).status()).isEqualTo(403);
        assertThat(webhooksOnly.get("/api/v1/events").status()).isEqualTo(403);
        assertThat(anonymous().get("/api/v1/events").status()).isEqualTo(401);
        assertThat(owner().get("/api/v1/events").status()).as("a session is not an API key").isEqualTo(401);
    }

    private static JsonNode readJson(String text) {
        try {
            return JSON.readTree(text);
        } catch (IOException e) {
            throw new AssertionError("not JSON: " + text, e);
        }
    }
}
