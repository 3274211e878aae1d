package io.payouts.service.webhook;

import com.fasterxml.jackson.databind.JsonNode;
import io.payouts.PayoutServiceApplication;
import io.payouts.platform.signing.WebhookSignature;
import io.payouts.service.support.Api;
import io.payouts.testsupport.ApplicationTest;
import io.payouts.testsupport.TestPostgres;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The inbound endpoint, on a service of its own with the simulated rail off, so that a payout waits in processing
 * until the inbound webhook reports on it.
 */
@ApplicationTest
class InboundWebhookTest {

    private static final String SECRET = "whsec_inbound_test_" + UUID.randomUUID();
    private static final String PATH = "/api/v1/webhooks/inbound";

    private static ConfigurableApplicationContext service;
    private static Api api;

    @BeforeAll
    static void start() {
        TestPostgres.TestDatabase database = TestPostgres.newDatabase();
        service = new SpringApplicationBuilder(PayoutServiceApplication.class)
                .run(database.asArguments("--server.port=0", "--payouts.owner.email=owner@test.example",
                        "--payouts.owner.password=inbound webhook test owner",
                        "--payouts.rail.simulated.enabled=false", "--payouts.webhooks.inbound-secret=" + SECRET,
                        // the test verifies its drivers by hand
                        "--payouts.sandbox.kyc-verification-delay=1h"));
        api = Api.withSandboxKeyFor(service);
    }

    @AfterAll
    static void stop() {
        if (service != null) {
            service.close();
        }
    }

    @Test
    void aSignedCompletionCompletesThePayoutAndIsLogged() {
        String payoutId = processingPayout();
        String body = body("evt_in_" + UUID.randomUUID(), "payout.completed", payoutId);

        Api.Response response = signed(body, Instant.now(), "X-Webhook-Signature");

        assertThat(response.status()).as(response.toString()).isEqualTo(200);
        assertThat(response.data().path("message").asText()).contains(payoutId).contains("completed");
        assertThat(response.header("X-RateLimit-Limit")).as("counted by the client's address").isNotNull();
        awaitStatus(payoutId, "completed");
        JsonNode entry = logEntry(eventIdOf(body));
        assertThat(entry.path("direction").asText()).isEqualTo("inbound");
        assertThat(entry.path("status").asText()).isEqualTo("success");
        assertThat(entry.path("event").asText()).isEqualTo("payout.completed");
        assertThat(entry.path("payload").path("data").path("payoutId").asText()).isEqualTo(payoutId);
    }

    @Test
    void theAlternateHeaderAndPayoutSucceededWorkToo() {
        String payoutId = processingPayout();

        Api.Response response = signed(body("evt_in_" + UUID.randomUUID(), "payout.succeeded", payoutId),
                Instant.now(), "X-Signature");

        assertThat(response.status()).as(response.toString()).isEqualTo(200);
        awaitStatus(payoutId, "completed");
    }

    @Test
    void aSignedFailureFailsThePayout() {
        String payoutId = processingPayout();

        Api.Response response = signed(body("evt_in_" + UUID.randomUUID(), "payout.failed", payoutId),
                Instant.now(), "X-Webhook-Signature");

        assertThat(response.status()).as(response.toString()).isEqualTo(200);
        awaitStatus(payoutId, "failed");
    }

    @Test
    void aPayoutOfAReleasedBatchIsCompletedByTheWebhookAsAPayoutMadeAloneIs() {
        String driverId = WebhookFixtures.payableDriver(api);
        assertThat(api.post("/api/v1/funding/topup", "{\"amount\":5000,\"method\":\"bank_transfer\"}").status())
                .isEqualTo(200);
        String batchId = api.post("/api/v1/batches", "{\"name\":\"week 9\",\"urgency\":\"instant\",\"payouts\":"
                + "[{\"driverId\":\"" + driverId + "\",\"amount\":1875}]}").data().path("id").asText();
        await("the batch is released once the top-up settles").atMost(Duration.ofSeconds(20)).untilAsserted(() ->
                assertThat(api.post("/api/v1/batches/" + batchId + "/release", null).status()).isEqualTo(200));
        String payoutId = api.get("/api/v1/batches/" + batchId).data().path("payouts").get(0).path("id").asText();
        awaitStatus(payoutId, "processing");

        Api.Response response = signed(body("evt_in_" + UUID.randomUUID(), "payout.completed", payoutId),
                Instant.now(), "X-Webhook-Signature");

        assertThat(response.status()).as(response.toString()).isEqualTo(200);
        awaitStatus(payoutId, "completed");
    }

    @Test
    void aReplayedEventIsProcessedOnce() {
        String payoutId = processingPayout();
        String body = body("evt_in_" + UUID.randomUUID(), "payout.completed", payoutId);
        assertThat(signed(body, Instant.now(), "X-Webhook-Signature").status()).isEqualTo(200);

        Api.Response replayed = signed(body, Instant.now(), "X-Webhook-Signature");

        assertThat(replayed.status()).as(replayed.toString()).isEqualTo(200);
        assertThat(replayed.data().path("message").asText()).contains("already processed");
        assertThat(logEntries(eventIdOf(body))).hasSize(1);
    }

    /** Found by the model-based test of the money: the payout was looked up before the event id. */
    @Test
    void anEventIdProcessedBeforeIsAcknowledgedWhateverItNamesNow() {
        String payoutId = processingPayout();
        String eventId = "evt_in_" + UUID.randomUUID();
        assertThat(signed(body(eventId, "payout.completed", payoutId), Instant.now(), "X-Webhook-Signature")
                .status()).isEqualTo(200);

        Api.Response unknownPayout = signed(body(eventId, "payout.failed", "pay_" + "0".repeat(32)), Instant.now(),
                "X-Webhook-Signature");
        Api.Response samePayout = signed(body(eventId, "payout.failed", payoutId), Instant.now(), "X-Signature");

        for (Api.Response replayed : List.of(unknownPayout, samePayout)) {
            assertThat(replayed.status()).as(replayed.toString()).isEqualTo(200);
            assertThat(replayed.data().path("message").asText()).contains("already processed");
        }
        assertThat(logEntries(eventId)).hasSize(1);
        awaitStatus(payoutId, "completed");
    }

    @Test
    void anEventWithoutAnIdIsKnownByItsBodyAndProcessedOnce() {
        String payoutId = processingPayout();
        String body = "{\"event\":\"payout.completed\",\"timestamp\":\"2026-01-01T00:00:00Z\",\"data\":{\"payoutId\":\""
                + payoutId + "\",\"status\":\"completed\",\"amount\":5000}}";

        assertThat(signed(body, Instant.now(), "X-Webhook-Signature").status()).isEqualTo(200);
        Api.Response replayed = signed(body, Instant.now(), "X-Signature");

        assertThat(replayed.status()).isEqualTo(200);
        assertThat(replayed.data().path("message").asText()).contains("already processed");
    }

    @Test
    void aBadSignatureIsUnauthorizedAndChangesNothing() {
        String payoutId = processingPayout();
        String body = body("evt_in_" + UUID.randomUUID(), "payout.completed", payoutId);
        long now = Instant.now().getEpochSecond();

        Api.Response wrongSecret = send(body, WebhookSignature.header(Instant.ofEpochSecond(now), body,
                List.of("whsec_not_the_secret")), "X-Webhook-Signature");
        Api.Response otherBody = send(body, WebhookSignature.header(Instant.ofEpochSecond(now), body + " ",
                List.of(SECRET)), "X-Webhook-Signature");
        Api.Response unsigned = send(body, null, null);

        for (Api.Response refused : List.of(wrongSecret, otherBody, unsigned)) {
            assertThat(refused.status()).as(refused.toString()).isEqualTo(401);
            assertThat(refused.error().path("code").asText()).isEqualTo("UNAUTHORIZED");
        }
        assertThat(status(payoutId)).isEqualTo("processing");
        assertThat(logEntries(eventIdOf(body))).isEmpty();
    }

    @Test
    void aStaleSignatureIsUnauthorized() {
        String payoutId = processingPayout();
        String body = body("evt_in_" + UUID.randomUUID(), "payout.completed", payoutId);

        Api.Response stale = signed(body, Instant.now().minus(Duration.ofMinutes(6)), "X-Webhook-Signature");

        assertThat(stale.status()).as(stale.toString()).isEqualTo(401);
        assertThat(stale.error().path("message").asText()).contains("5 minutes");
        assertThat(status(payoutId)).isEqualTo("processing");
    }

    @Test
    void anUnknownPayoutIsNotFoundAndBadJsonIsABadRequest() {
        Api.Response unknown = signed(body("evt_in_" + UUID.randomUUID(), "payout.completed", "pay_" + "0".repeat(32)),
                Instant.now(), "X-Webhook-Signature");
        Api.Response badJson = signed("{\"event\":", Instant.now(), "X-Webhook-Signature");
        Api.Response unknownEvent = signed(body("evt_in_" + UUID.randomUUID(), "payout.exploded", processingPayout()),
                Instant.now(), "X-Webhook-Signature");

        assertThat(unknown.status()).as(unknown.toString()).isEqualTo(404);
        assertThat(unknown.error().path("code").asText()).isEqualTo("NOT_FOUND");
        assertThat(badJson.status()).as(badJson.toString()).isEqualTo(400);
        assertThat(unknownEvent.status()).as(unknownEvent.toString()).isEqualTo(400);
        assertThat(unknownEvent.error().path("details").has("event")).isTrue();
    }

    /** Found by the fuzzer (reliability/): these were a 400 naming only the body. */
    @Test
    void aFieldGivenTwiceOrUnreadableTextIsA400NamingTheField() {
        String payoutId = processingPayout();
        Api.Response twice = signed("{\"event\":\"payout.failed\",\"event\":\"payout.completed\","
                + "\"data\":{\"payoutId\":\"" + payoutId + "\"}}", Instant.now(), "X-Webhook-Signature");
        Api.Response control = signed("{\"event\":\"payout.failed\",\"data\":{\"payoutId\":\"" + payoutId
                + "\",\"reason\":\"a\u0001b\"}}", Instant.now(), "X-Webhook-Signature");

        assertThat(twice.status()).as(twice.toString()).isEqualTo(400);
        assertThat(twice.error().path("details").path("event").asText()).contains("more than once");
        assertThat(control.status()).as(control.toString()).isEqualTo(400);
        assertThat(control.error().path("details").has("data.reason")).as(control.toString()).isTrue();
        assertThat(status(payoutId)).isEqualTo("processing");
    }

    @Test
    void aCompletionOfAFinishedPayoutIsAConflictAndNotRecorded() {
        String payoutId = processingPayout();
        assertThat(signed(body("evt_in_" + UUID.randomUUID(), "payout.completed", payoutId), Instant.now(),
                "X-Webhook-Signature").status()).isEqualTo(200);
        String again = body("evt_in_" + UUID.randomUUID(), "payout.failed", payoutId);

        Api.Response refused = signed(again, Instant.now(), "X-Webhook-Signature");

        assertThat(refused.status()).as(refused.toString()).isEqualTo(409);
        assertThat(logEntries(eventIdOf(again))).isEmpty();
        awaitStatus(payoutId, "completed");
    }

    private static String processingPayout() {
        String payoutId = WebhookFixtures.fundedInstantPayout(api, WebhookFixtures.payableDriver(api), 5_000);
        assertThat(status(payoutId)).isEqualTo("processing");
        return payoutId;
    }

    private static void awaitStatus(String payoutId, String status) {
        await(payoutId + " " + status).atMost(Duration.ofSeconds(10))
                .untilAsserted(() -> assertThat(status(payoutId)).isEqualTo(status));
    }

    private static String status(String payoutId) {
        return api.get("/api/v1/payouts/" + payoutId).data().path("status").asText();
    }

    private static String body(String id, String event, String payoutId) {
        return ("{\"id\":\"%s\",\"event\":\"%s\",\"timestamp\":\"%s\","
                + "\"data\":{\"payoutId\":\"%s\",\"status\":\"%s\",\"amount\":5000}}")
                .formatted(id, event, Instant.now(), payoutId, event.substring(event.indexOf('.') + 1));
    }

    private static String eventIdOf(String body) {
        return body.substring(7, body.indexOf('"', 7));
    }

    private static Api.Response signed(String body, Instant at, String header) {
        return send(body, WebhookSignature.header(at, body, List.of(SECRET)), header);
    }

    private static Api.Response send(String body, String signature, String header) {
        Api client = api.anonymous();
        if (signature != null) {
            client.header(header, signature);
        }
        return client.post(PATH, body);
    }

    private static List<JsonNode> logEntries(String eventId) {
        List<JsonNode> entries = new java.util.ArrayList<>();
        api.get("/api/v1/webhooks/logs?pageSize=100").data().path("items").forEach(item -> {
            if (item.path("eventId").asText().equals(eventId)) {
                entries.add(item);
            }
        });
        return entries;
    }

    private static JsonNode logEntry(String eventId) {
        List<JsonNode> entries = logEntries(eventId);
        assertThat(entries).as("log entries of %s", eventId).hasSize(1);
        return entries.get(0);
    }
}
