package io.payouts.service.wallet;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.payouts.service.support.Api;
import io.payouts.service.support.HttpIntegrationTest;
import io.payouts.service.webhook.WebhookReceiver;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A shortfall the funding projection shows within the alert's window is announced once per episode (ADR-0043): a
 * batch scheduled for tomorrow that is larger than the funds held starts one; cancelling its payouts ends it.
 */
class FundingShortfallAlertTest extends HttpIntegrationTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(20);
    private static final long MAX_PAYOUT = 100_000_000;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final List<String> payoutsToCancel = new ArrayList<>();
    private WebhookReceiver receiver;
    private String subscriptionId;

    @AfterEach
    void cancelTheBatchAndSwitchOff() {
        payoutsToCancel.forEach(id -> api().post("/api/v1/payouts/" + id + "/cancel", null));
        if (subscriptionId != null) {
            api().delete("/api/v1/webhooks/" + subscriptionId);
        }
        if (receiver != null) {
            receiver.close();
        }
        api().put("/api/v1/funding/alerts", "{\"lowBalanceThreshold\":0}");
    }

    @Test
    void aBatchDueTomorrowBeyondTheFundsHeldIsAnnouncedOnceAndCancellingItEndsTheEpisode() {
        assertThat(api().put("/api/v1/funding/alerts", "{\"lowBalanceThreshold\":0}").status()).isEqualTo(200);
        receiver = WebhookReceiver.start();
        Api.Response subscribed = api().post("/api/v1/webhooks", "{\"url\":\"%s\",\"events\":[\"%s\"]}"
                .formatted(receiver.url(), "balance.shortfall_projected"));
        assertThat(subscribed.status()).as("%s", subscribed).isEqualTo(200);
        subscriptionId = subscribed.data().path("id").asText();
        assertThat(api().put("/api/v1/funding/alerts", "{\"lowBalanceThreshold\":0,\"shortfallWithinDays\":3}")
                .status()).isEqualTo(200);

        Instant tomorrow = Instant.now().plus(1, ChronoUnit.DAYS);
        createBatchBeyondTheFunds(tomorrow);

        LocalDate due = LocalDate.ofInstant(tomorrow, ZoneOffset.UTC);
        await("balance.shortfall_projected").atMost(TIMEOUT).until(() -> !shortfalls().isEmpty());
        JsonNode data = shortfalls().get(0).path("data");
        assertThat(data.path("shortfallOn").asText()).isEqualTo(due.toString());
        assertThat(data.path("projectedBalance").asLong()).isNegative();
        assertThat(data.path("withinDays").asInt()).isEqualTo(3);
        assertThat(data.path("currency").asText()).isEqualTo("USD");
        assertThat(api().get("/api/v1/funding/alerts").data().path("shortfallOn").asText()).isEqualTo(due.toString());
        await("the watch's later rounds announce nothing more").during(Duration.ofSeconds(2)).atMost(TIMEOUT)
                .until(() -> shortfalls().size() == 1);

        payoutsToCancel.forEach(id -> assertThat(api().post("/api/v1/payouts/" + id + "/cancel", null).status())
                .as("cancelling %s", id).isEqualTo(200));
        payoutsToCancel.clear();

        await("the episode ends").atMost(TIMEOUT)
                .until(() -> api().get("/api/v1/funding/alerts").data().path("shortfallOn").isNull());
        assertThat(shortfalls()).hasSize(1);
    }

    /** A batch for {@code at} whose total is more than the projection has left over in the window. */
    private void createBatchBeyondTheFunds(Instant at) {
        JsonNode projection = api().get("/api/v1/funding/projection?days=3").data();
        long needed = Math.max(1, projection.path("projectedBalance").asLong() + 1);
        String driverId = api().registerDriver().path("id").asText();
        assertThat(api().post("/api/v1/drivers/" + driverId + "/kyc", "{\"outcome\":\"verified\"}").status())
                .isEqualTo(200);
        List<String> items = new ArrayList<>();
        for (long left = needed; left > 0; left -= MAX_PAYOUT) {
            items.add("{\"driverId\":\"%s\",\"amount\":%d}".formatted(driverId, Math.min(left, MAX_PAYOUT)));
        }
        Api.Response batch = api().post("/api/v1/batches", "{\"name\":\"beyond the funds\",\"scheduledFor\":\"%s\","
                .formatted(at) + "\"payouts\":[" + String.join(",", items) + "]}");
        assertThat(batch.status()).as("%s", batch).isEqualTo(200);
        api().get("/api/v1/batches/" + batch.data().path("id").asText()).data().path("payouts")
                .forEach(payout -> payoutsToCancel.add(payout.path("id").asText()));
        assertThat(payoutsToCancel).hasSize(items.size());
    }

    private List<JsonNode> shortfalls() {
        return receiver.received().stream().map(request -> parse(request.body()))
                .filter(payload -> "balance.shortfall_projected".equals(payload.path("type").asText())).toList();
    }

    private static JsonNode parse(String body) {
        try {
            return JSON.readTree(body);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
