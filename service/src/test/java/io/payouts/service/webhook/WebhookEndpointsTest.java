package io.payouts.service.webhook;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import io.payouts.platform.signing.WebhookSignature;
import io.payouts.service.support.Api;
import io.payouts.service.support.HttpIntegrationTest;
import io.payouts.service.support.MutableClock;
import io.payouts.webhook.delivery.DeliveryRetention;
import org.axonframework.config.EventProcessingConfiguration;
import org.axonframework.eventhandling.StreamingEventProcessor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** Subscriptions, signed deliveries to a real receiver, retries, rotation, disabling, logs and resend. */
class WebhookEndpointsTest extends HttpIntegrationTest {

    private static final Duration DELIVERY_TIMEOUT = Duration.ofSeconds(30);

    @Autowired
    private MutableClock clock;

    @Autowired
    private JdbcTemplate jdbc;
    @Autowired
    private EventProcessingConfiguration processing;

    private final List<WebhookReceiver> receivers = new ArrayList<>();
    private final List<String> subscriptions = new ArrayList<>();

    @AfterEach
    void stopReceiversAndSubscriptions() {
        clock.reset();
        subscriptions.forEach(id -> api().delete("/api/v1/webhooks/" + id));
        receivers.forEach(WebhookReceiver::close);
    }

    @Test
    void aNewSubscriptionShowsItsSecretOnceAndTheListNever() {
        WebhookReceiver receiver = receiver();
        Api.Response created = subscribed(receiver, "payout.created", "payout.succeeded", "payout.created");

        JsonNode data = created.data();
        assertThat(data.path("id").asText()).matches("whk_[0-9a-f]{32}");
        assertThat(data.path("secret").asText()).matches("whsec_[0-9a-f]{64}");
        assertThat(data.path("url").asText()).isEqualTo(receiver.url());
        assertThat(data.path("status").asText()).isEqualTo("active");
        assertThat(names(data.path("events"))).containsExactly("payout.created", "payout.succeeded");

        JsonNode listed = listed(data.path("id").asText());
        assertThat(listed.path("status").asText()).isEqualTo("active");
        assertThat(listed.has("secret")).isFalse();
        assertThat(listed.toString()).doesNotContain(data.path("secret").asText());
    }

    @Test
    void anUnknownEventIsRefusedNamingItsPosition() {
        Api.Response refused = api().post("/api/v1/webhooks",
                "{\"url\":\"" + receiver().url() + "\",\"events\":[\"payout.created\",\"payout.exploded\"]}");

        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.error().path("code").asText()).isEqualTo("VALIDATION_ERROR");
        assertThat(refused.error().path("details").has("events[1]")).as(refused.toString()).isTrue();
    }

    @Test
    void aSubscriptionNeedsAUrlAndAtLeastOneEvent() {
        Api.Response noEvents = api().post("/api/v1/webhooks", "{\"url\":\"" + receiver().url() + "\",\"events\":[]}");
        Api.Response noUrl = api().post("/api/v1/webhooks", "{\"events\":[\"payout.created\"]}");
        Api.Response notAUrl = api().post("/api/v1/webhooks", "{\"url\":\"ftp://x\",\"events\":[\"payout.created\"]}");

        assertThat(noEvents.status()).isEqualTo(400);
        assertThat(noEvents.error().path("details").has("events")).isTrue();
        assertThat(noUrl.status()).isEqualTo(400);
        assertThat(noUrl.error().path("details").has("url")).isTrue();
        assertThat(notAUrl.status()).isEqualTo(400);
        assertThat(notAUrl.error().path("details").has("url")).isTrue();
    }

    @Test
    void aPayoutArrivesSignedInBothHeadersAndVerifiesWithTheSecret() {
        WebhookReceiver receiver = receiver();
        String secret = subscribed(receiver, "payout.created").data().path("secret").asText();

        String payoutId = payout();

        WebhookReceiver.Received request = awaitOne(receiver, payoutId);
        String signature = request.header("X-Webhook-Signature");
        assertThat(request.header("X-Signature")).isEqualTo(signature);
        assertThat(signature).matches("t=\\d+,v1=[0-9a-f]{64}");
        assertThat(verify(signature, request.body(), secret)).isEqualTo(WebhookSignature.Verification.VALID);
        assertThat(verify(signature, request.body(), "whsec_" + "0".repeat(64)))
                .isEqualTo(WebhookSignature.Verification.MISMATCH);
        JsonNode payload = request.json();
        assertThat(payload.path("id").asText()).matches("evt_[0-9a-f]{32}")
                .isEqualTo(request.header("X-Webhook-Event-Id"));
        assertThat(payload.path("type").asText()).isEqualTo("payout.created")
                .isEqualTo(request.header("X-Webhook-Event-Type"));
        assertThat(Instant.parse(payload.path("timestamp").asText())).isNotNull();
        assertThat(payload.path("data").path("amount").asLong()).isEqualTo(5_000);
    }

    @Test
    void aBatchAnnouncesItsPendingPayoutsItsReleaseAndItsCompletion() {
        WebhookReceiver receiver = receiver();
        String secret = subscribed(receiver, "payout.created", "batch.released", "batch.completed").data()
                .path("secret").asText();
        String driverId = WebhookFixtures.payableDriver(api());
        assertThat(api().post("/api/v1/funding/topup", "{\"amount\":7000,\"method\":\"bank_transfer\"}").status())
                .isEqualTo(200);
        Api.Response batch = api().post("/api/v1/batches", """
                {"name":"weekly","urgency":"standard","payouts":[{"driverId":"%s","amount":7000,"description":"w1"}]}"""
                .formatted(driverId));
        assertThat(batch.status()).as("batch: %s", batch).isEqualTo(200);
        String batchId = batch.data().path("id").asText();
        await("the top-up to settle").atMost(DELIVERY_TIMEOUT).until(() ->
                api().post("/api/v1/batches/" + batchId + "/release", null).status() == 200);

        await("batch.released and batch.completed").atMost(DELIVERY_TIMEOUT).until(() ->
                receiver.where("batchId", batchId).stream().map(request -> request.json().path("type").asText())
                        .collect(Collectors.toSet()).containsAll(Set.of("payout.created", "batch.released",
                                "batch.completed")));
        for (WebhookReceiver.Received request : receiver.where("batchId", batchId)) {
            assertThat(verify(request.header("X-Webhook-Signature"), request.body(), secret))
                    .isEqualTo(WebhookSignature.Verification.VALID);
            JsonNode data = request.json().path("data");
            switch (request.json().path("type").asText()) {
                case "payout.created" -> assertThat(data.path("status").asText()).isEqualTo("pending");
                case "batch.released" -> {
                    assertThat(data.path("status").asText()).isEqualTo("processing");
                    assertThat(data.path("payoutCount").asInt()).isEqualTo(1);
                    assertThat(data.path("totalAmount").asLong()).isEqualTo(7_000);
                    assertThat(Instant.parse(data.path("releasedAt").asText())).isNotNull();
                }
                case "batch.completed" -> {
                    assertThat(data.path("status").asText()).isEqualTo("completed");
                    assertThat(data.path("completedCount").asInt()).isEqualTo(1);
                    assertThat(Instant.parse(data.path("completedAt").asText())).isNotNull();
                }
                default -> throw new AssertionError("unexpected " + request.json());
            }
        }
    }

    @Test
    void payoutSucceededCarriesExactlyTheSpecsFields() {
        WebhookReceiver receiver = receiver();
        subscribed(receiver, "payout.succeeded");

        String payoutId = payout();

        JsonNode payload = awaitOne(receiver, payoutId).json();
        assertThat(payload.path("type").asText()).isEqualTo("payout.succeeded");
        JsonNode data = payload.path("data");
        assertThat(names(data.fieldNames())).containsExactly("payoutId", "driverId", "amount", "status", "completedAt");
        assertThat(data.path("status").asText()).isEqualTo("succeeded");
        assertThat(data.path("amount").isIntegralNumber()).isTrue();
        assertThat(Instant.parse(data.path("completedAt").asText())).isNotNull();
    }

    @Test
    void aDeliveryAnsweredWith500IsRetriedWithTheSameEventIdAndLogged() {
        WebhookReceiver receiver = receiver().thenAnswering(500);
        String subscription = subscribed(receiver, "payout.created").data().path("id").asText();

        String payoutId = payout();

        await().atMost(DELIVERY_TIMEOUT).until(() -> receiver.about(payoutId).size() >= 2);
        List<WebhookReceiver.Received> requests = receiver.about(payoutId);
        assertThat(requests.get(0).answeredWith()).isEqualTo(500);
        assertThat(requests.get(1).answeredWith()).isEqualTo(200);
        assertThat(requests.get(1).json().path("id").asText()).isEqualTo(requests.get(0).json().path("id").asText());
        assertThat(requests.get(1).body()).isEqualTo(requests.get(0).body());

        JsonNode entry = awaitLogEntry(requests.get(0).json().path("id").asText(), subscription, "success");
        assertThat(entry.path("id").asText()).matches("log_[0-9a-f]{32}");
        assertThat(entry.path("event").asText()).isEqualTo("payout.created");
        assertThat(entry.path("payload").path("data").path("payoutId").asText()).isEqualTo(payoutId);
        assertThat(entry.path("processedAt").isTextual()).isTrue();
        JsonNode attempts = entry.path("attempts");
        assertThat(attempts).hasSize(2);
        assertThat(attempts.get(0).path("statusCode").asInt()).isEqualTo(500);
        assertThat(attempts.get(0).path("error").asText()).contains("500");
        assertThat(attempts.get(1).path("statusCode").asInt()).isEqualTo(200);
        assertThat(attempts.get(1).has("durationMs")).isTrue();
    }

    @Test
    void afterARotationDeliveriesCarryValidSignaturesForTheNewAndTheOldSecret() {
        WebhookReceiver receiver = receiver();
        Api.Response created = subscribed(receiver, "payout.created");
        String id = created.data().path("id").asText();
        String oldSecret = created.data().path("secret").asText();

        Api.Response rotated = api().post("/api/v1/webhooks/" + id + "/rotate-secret", null);
        assertThat(rotated.status()).as(rotated.toString()).isEqualTo(200);
        String newSecret = rotated.data().path("secret").asText();
        assertThat(newSecret).startsWith("whsec_").isNotEqualTo(oldSecret);
        assertThat(Duration.between(Instant.now(), Instant.parse(rotated.data().path("previousSecretExpiresAt")
                .asText()))).isBetween(Duration.ofHours(23), Duration.ofHours(25));

        String payoutId = payout();

        WebhookReceiver.Received request = awaitOne(receiver, payoutId);
        String signature = request.header("X-Webhook-Signature");
        assertThat(signature).matches("t=\\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}");
        assertThat(verify(signature, request.body(), newSecret)).isEqualTo(WebhookSignature.Verification.VALID);
        assertThat(verify(signature, request.body(), oldSecret)).isEqualTo(WebhookSignature.Verification.VALID);
        long timestamp = Long.parseLong(signature.substring(2, signature.indexOf(',')));
        assertThat(signature).contains("v1=" + WebhookSignature.hex(newSecret, timestamp, request.body()) + ",v1="
                + WebhookSignature.hex(oldSecret, timestamp, request.body()));
    }

    @Test
    void aSubscriptionWhoseDeliveriesFailedForThreeDaysIsDisabledAndGetsNothingMore() {
        WebhookReceiver broken = receiver().answering(500);
        String brokenId = subscribed(broken, "payout.created").data().path("id").asText();
        String first = payout();
        await().atMost(DELIVERY_TIMEOUT).until(() -> !broken.about(first).isEmpty());
        String firstEvent = broken.about(first).get(0).json().path("id").asText();
        // the first failure is recorded before time moves, or it would count as three days late and be the last
        await("the first failure is recorded").atMost(DELIVERY_TIMEOUT).until(() ->
                logEntry(firstEvent, brokenId).path("attempts").size() == 1);

        clock.advance(Duration.ofDays(3).plusMinutes(5));
        await("the subscription is disabled").atMost(DELIVERY_TIMEOUT).untilAsserted(() ->
                assertThat(listed(brokenId).path("status").asText()).isEqualTo("disabled"));
        clock.reset();
        assertThat(listed(brokenId).path("statusReason").asText()).contains("3 days").contains("500");
        await("the delivery has failed").atMost(DELIVERY_TIMEOUT).until(() ->
                logEntry(firstEvent, brokenId).path("status").asText().equals("failed"));
        JsonNode failed = logEntry(firstEvent, brokenId);
        assertThat(failed.path("attempts").size()).isGreaterThanOrEqualTo(2);
        int requestsWhenDisabled = broken.received().size();

        WebhookReceiver healthy = receiver();
        subscribed(healthy, "payout.created");
        String second = payout();

        awaitOne(healthy, second);
        assertThat(broken.about(second)).isEmpty();
        assertThat(broken.received()).hasSize(requestsWhenDisabled);
        assertThat(api().post("/api/v1/webhooks/deliveries/" + failed.path("id").asText() + "/resend", null)
                .status()).isEqualTo(409);
    }

    @Test
    void aHungReceiverHoldsUpNoOtherSubscription() {
        WebhookReceiver hung = receiver().hanging();
        subscribed(hung, "payout.created");
        String driver = WebhookFixtures.payableDriver(api());
        for (int i = 0; i < 20; i++) {
            WebhookFixtures.fundedInstantPayout(api(), driver, 100);
        }
        await("the hung receiver holds senders").atMost(DELIVERY_TIMEOUT).until(() -> hung.received().size() >= 2);
        WebhookReceiver healthy = receiver();
        subscribed(healthy, "payout.created");

        String payoutId = payout();

        // every sender the hung receiver held would stay busy for the 5 s timeout; its share is capped below that
        await("the healthy receiver's delivery").atMost(Duration.ofSeconds(4))
                .until(() -> !healthy.about(payoutId).isEmpty());
    }

    @Test
    void theListShowsEachSubscriptionsBacklogAndHowLongItsDeliveriesTook() {
        WebhookReceiver answering = receiver();
        String served = subscribed(answering, "payout.created").data().path("id").asText();
        WebhookReceiver hung = receiver().hanging();
        String waiting = subscribed(hung, "payout.created").data().path("id").asText();

        String payoutId = payout();

        awaitOne(answering, payoutId);
        await("the hung receiver's delivery under way").atMost(DELIVERY_TIMEOUT).until(() -> !hung.received().isEmpty());
        await("the delivered one counted").atMost(DELIVERY_TIMEOUT)
                .until(() -> listed(served).path("delivery").path("deliveredLastHour").asLong() >= 1);
        JsonNode delivered = listed(served).path("delivery");
        assertThat(delivered.path("pending").asLong()).isZero();
        assertThat(delivered.path("oldestPendingSince").isNull()).isTrue();
        assertThat(delivered.path("latencyP50Ms").isIntegralNumber()).isTrue();
        assertThat(delivered.path("latencyP95Ms").asLong()).isGreaterThanOrEqualTo(
                delivered.path("latencyP50Ms").asLong());
        JsonNode behind = listed(waiting).path("delivery");
        assertThat(behind.path("pending").asLong()).isGreaterThanOrEqualTo(1);
        assertThat(Instant.parse(behind.path("oldestPendingSince").asText())).isBefore(Instant.now().plusSeconds(1));
        assertThat(behind.path("deliveredLastHour").asLong()).isZero();
        assertThat(behind.path("latencyP50Ms").isNull()).isTrue();
    }

    @Test
    void finishedDeliveriesLeaveTheLogsAfterTheRetentionAndNewerOnesStay() {
        WebhookReceiver receiver = receiver();
        String subscription = subscribed(receiver, "payout.created").data().path("id").asText();
        String old = awaitOne(receiver, payout()).json().path("id").asText();
        awaitLogEntry(old, subscription, "success");
        Instant between = clock.instant();
        String recent = awaitOne(receiver, payout()).json().path("id").asText();
        awaitLogEntry(recent, subscription, "success");

        // 30 days after the moment between the two (moving the shared clock would date other tests' data)
        new DeliveryRetention(jdbc, Clock.fixed(between.plus(Duration.ofDays(30)), ZoneOffset.UTC),
                Duration.ofDays(30)).purge();

        // this subscription's entries: another test's subscription may still be retrying the same event
        assertThat(logEntry(recent, subscription).isMissingNode()).as("the newer delivery stays").isFalse();
        assertThat(logEntry(old, subscription).isMissingNode()).as("the older delivery is forgotten").isTrue();
    }

    /** Delivery creation is never rebuilt (ADR-0016); an event handed to it again still makes no second delivery. */
    @Test
    void anEventRedeliveredToTheDeliveryCreatorMakesNoSecondDelivery() {
        WebhookReceiver receiver = receiver();
        String subscription = subscribed(receiver, "payout.created").data().path("id").asText();
        String before = payout();
        awaitOne(receiver, before);

        Api.Response rebuild = owner().post("/api/v1/admin/projections/webhook-deliveries/rebuild", null);
        assertThat(rebuild.status()).as(rebuild.toString()).isEqualTo(409);
        StreamingEventProcessor creator = processing.eventProcessor("webhook-deliveries",
                StreamingEventProcessor.class).orElseThrow();
        creator.shutDown();
        long beforeIndex = jdbc.queryForObject("select global_index from domain_event_entry"
                + " where aggregate_identifier = ? and sequence_number = 0", Long.class, before);
        jdbc.update("update token_entry set token = convert_to(?, 'UTF8'), owner = null"
                + " where processor_name = 'webhook-deliveries'", "{\"index\":" + (beforeIndex - 1) + ",\"gaps\":[]}");
        creator.start();
        String after = payout();

        awaitOne(receiver, after);
        // one segment, in order: the redelivered event was handled before the new one made its delivery
        List<JsonNode> deliveriesOfBefore = new ArrayList<>();
        api().get("/api/v1/webhooks/logs?event=payout.created&pageSize=100").data().path("items").forEach(entry -> {
            if (entry.path("subscriptionId").asText().equals(subscription)
                    && entry.path("payload").path("data").path("payoutId").asText().equals(before)) {
                deliveriesOfBefore.add(entry);
            }
        });
        assertThat(deliveriesOfBefore).hasSize(1);
        assertThat(receiver.about(before)).hasSize(1);
    }

    @Test
    void resendDeliversTheSameEventAgain() {
        WebhookReceiver receiver = receiver();
        String subscription = subscribed(receiver, "payout.created").data().path("id").asText();
        String payoutId = payout();
        String eventId = awaitOne(receiver, payoutId).json().path("id").asText();
        String logId = awaitLogEntry(eventId, subscription, "success").path("id").asText();

        Api.Response resent = api().post("/api/v1/webhooks/deliveries/" + logId + "/resend", null);

        assertThat(resent.status()).as(resent.toString()).isEqualTo(200);
        assertThat(resent.data().path("id").asText()).isEqualTo(logId);
        await().atMost(DELIVERY_TIMEOUT).until(() -> receiver.about(payoutId).size() == 2);
        assertThat(receiver.about(payoutId)).extracting(request -> request.json().path("id").asText())
                .containsOnly(eventId);
        assertThat(awaitLogEntry(eventId, subscription, "success").path("attempts")).hasSize(2);
        assertThat(api().post("/api/v1/webhooks/deliveries/log_" + "0".repeat(32) + "/resend", null).status())
                .isEqualTo(404);
    }

    @Test
    void theLogsFilterByEventAndPaginate() {
        WebhookReceiver receiver = receiver();
        subscribed(receiver, "payout.created", "payout.succeeded");
        String payoutId = payout();
        await().atMost(DELIVERY_TIMEOUT).until(() -> receiver.about(payoutId).size() == 2);

        JsonNode created = api().get("/api/v1/webhooks/logs?event=payout.created&pageSize=1").data();
        JsonNode succeeded = api().get("/api/v1/webhooks/logs?event=payout.succeeded").data();

        assertThat(created.path("items")).hasSize(1);
        assertThat(created.path("pageSize").asInt()).isEqualTo(1);
        assertThat(created.path("total").asLong()).isGreaterThanOrEqualTo(1);
        assertThat(created.path("items").get(0).path("event").asText()).isEqualTo("payout.created");
        assertThat(succeeded.path("items")).allSatisfy(entry ->
                assertThat(entry.path("event").asText()).isEqualTo("payout.succeeded"));
        assertThat(api().get("/api/v1/webhooks/logs?pageSize=101").status()).isEqualTo(400);
    }

    @Test
    void aDeletedSubscriptionIsGoneAndGetsNothing() {
        WebhookReceiver receiver = receiver();
        String id = subscribed(receiver, "payout.created").data().path("id").asText();

        Api.Response deleted = api().delete("/api/v1/webhooks/" + id);

        assertThat(deleted.status()).isEqualTo(200);
        assertThat(api().delete("/api/v1/webhooks/" + id).status()).isEqualTo(404);
        assertThat(api().post("/api/v1/webhooks/" + id + "/rotate-secret", null).status()).isEqualTo(404);
        assertThat(ids(api().get("/api/v1/webhooks?pageSize=100").data())).doesNotContain(id);

        WebhookReceiver healthy = receiver();
        subscribed(healthy, "payout.created");
        String payoutId = payout();
        awaitOne(healthy, payoutId);
        assertThat(receiver.received()).isEmpty();
    }

    @Test
    void anotherModeSeesNoneOfTheSandboxsSubscriptions() {
        String id = subscribed(receiver(), "payout.created").data().path("id").asText();
        String productionKey = owner().createKey("production", Api.ALL_SCOPES).body().path("id").asText();
        Api production = anonymous().withBearer(owner().post("/api/v1/admin/api-keys/" + productionKey + "/approve",
                null).body().path("key").asText());

        assertThat(ids(production.get("/api/v1/webhooks").data())).doesNotContain(id);
        assertThat(production.delete("/api/v1/webhooks/" + id).status()).isEqualTo(404);
    }

    private WebhookReceiver receiver() {
        WebhookReceiver receiver = WebhookReceiver.start();
        receivers.add(receiver);
        return receiver;
    }

    private Api.Response subscribed(WebhookReceiver receiver, String... events) {
        Api.Response created = WebhookFixtures.subscribe(api(), receiver.url(), events);
        assertThat(created.status()).as("subscribing: %s", created).isEqualTo(200);
        subscriptions.add(created.data().path("id").asText());
        return created;
    }

    private String payout() {
        return WebhookFixtures.fundedInstantPayout(api(), WebhookFixtures.payableDriver(api()), 5_000);
    }

    private static WebhookReceiver.Received awaitOne(WebhookReceiver receiver, String payoutId) {
        await("a webhook about " + payoutId).atMost(DELIVERY_TIMEOUT).until(() -> !receiver.about(payoutId).isEmpty());
        return receiver.about(payoutId).get(0);
    }

    /** The log entry of one event's delivery to one subscription; every active subscription gets its own. */
    private JsonNode logEntry(String eventId, String subscriptionId) {
        for (int page = 1; ; page++) {
            JsonNode items = api().get("/api/v1/webhooks/logs?pageSize=100&event=payout.created&page=" + page)
                    .data().path("items");
            if (items.isEmpty()) {
                return MissingNode.getInstance();
            }
            for (JsonNode item : items) {
                if (item.path("eventId").asText().equals(eventId)
                        && item.path("subscriptionId").asText().equals(subscriptionId)) {
                    return item;
                }
            }
        }
    }

    private JsonNode awaitLogEntry(String eventId, String subscriptionId, String status) {
        JsonNode[] found = new JsonNode[1];
        await("log entry of " + eventId + " " + status).atMost(DELIVERY_TIMEOUT).untilAsserted(() -> {
            JsonNode entry = logEntry(eventId, subscriptionId);
            assertThat(entry.isMissingNode()).as("log entry of %s to %s", eventId, subscriptionId).isFalse();
            assertThat(entry.path("status").asText()).isEqualTo(status);
            found[0] = entry;
        });
        return found[0];
    }

    private JsonNode listed(String id) {
        for (JsonNode item : api().get("/api/v1/webhooks?pageSize=100").data().path("items")) {
            if (item.path("id").asText().equals(id)) {
                return item;
            }
        }
        throw new AssertionError("subscription " + id + " not listed");
    }

    private static WebhookSignature.Verification verify(String header, String body, String secret) {
        return WebhookSignature.verify(header, body.getBytes(StandardCharsets.UTF_8), secret, Instant.now(),
                Duration.ofMinutes(5));
    }

    private static Set<String> ids(JsonNode list) {
        List<String> ids = new ArrayList<>();
        list.path("items").forEach(item -> ids.add(item.path("id").asText()));
        return Set.copyOf(ids);
    }

    private static List<String> names(JsonNode array) {
        List<String> names = new ArrayList<>();
        array.forEach(node -> names.add(node.asText()));
        return names;
    }

    private static List<String> names(Iterator<String> fields) {
        List<String> names = new ArrayList<>();
        fields.forEachRemaining(names::add);
        return names.stream().collect(Collectors.toList());
    }
}
