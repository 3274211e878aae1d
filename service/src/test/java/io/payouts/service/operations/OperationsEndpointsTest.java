package io.payouts.service.operations;

import io.payouts.service.support.Api;
import io.payouts.service.support.HttpIntegrationTest;
import io.payouts.service.webhook.WebhookReceiver;
import org.axonframework.config.EventProcessingConfiguration;
import org.axonframework.eventhandling.StreamingEventProcessor;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.time.Duration;
import java.util.OptionalDouble;
import java.util.regex.Pattern;
import java.util.stream.DoubleStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The operators' side (ADR-0022): probes apart from the spec's /health, readiness that follows the read models,
 * and Prometheus metrics that only the operator's token reads.
 */
class OperationsEndpointsTest extends HttpIntegrationTest {

    /** Not used by the shared context's tests: its KYC verifications are put off for an hour. */
    private static final String IDLE_PROCESSOR = "sandbox-kyc-verification";

    @Autowired
    private EventProcessingConfiguration processing;

    @Test
    void livenessAndReadinessAreOpenToProbesAndApartFromTheSpecsHealth() {
        assertThat(anonymous().get("/management/health/liveness").body().path("status").asText()).isEqualTo("UP");
        await("ready").atMost(Duration.ofSeconds(30)).untilAsserted(() ->
                assertThat(anonymous().get("/management/health/readiness").status()).isEqualTo(200));
        assertThat(anonymous().get("/health").data().path("status").asText()).isEqualTo("ok");
        assertThat(anonymous().get("/management/health/readiness").body().has("components")).isFalse();
    }

    @Test
    void anOperatorSeesWhatReadinessIsMadeOf() {
        await("ready").atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
            Api.Response readiness = operator().get("/management/health/readiness");
            assertThat(readiness.body().at("/components/db/status").asText()).isEqualTo("UP");
            assertThat(readiness.body().at("/components/readModels/status").asText()).isEqualTo("UP");
            assertThat(readiness.body().at("/components/readModels/details/maxLag").asLong()).isEqualTo(10000);
        });
    }

    @Test
    void readinessIsDownWhileAReadModelIsStopped() {
        StreamingEventProcessor processor = processing.eventProcessor(IDLE_PROCESSOR, StreamingEventProcessor.class)
                .orElseThrow();
        processor.shutDown();
        try {
            Api.Response readiness = operator().get("/management/health/readiness");

            assertThat(readiness.status()).isEqualTo(503);
            assertThat(readiness.body().at("/components/readModels/status").asText()).isEqualTo("DOWN");
            assertThat(readiness.body().at("/components/readModels/details/behind/" + IDLE_PROCESSOR).asText())
                    .isEqualTo("stopped");
            assertThat(anonymous().get("/management/health/liveness").status()).isEqualTo(200);
        } finally {
            processor.start();
        }
        await("ready again").atMost(Duration.ofSeconds(30)).untilAsserted(() ->
                assertThat(anonymous().get("/management/health/readiness").status()).isEqualTo(200));
    }

    @Test
    void onlyTheOperatorsTokenReadsTheMetrics() {
        Api.Response anonymousScrape = anonymous().get("/management/prometheus");
        assertThat(anonymousScrape.status()).isEqualTo(401);
        assertThat(anonymousScrape.error().path("code").asText()).isEqualTo("UNAUTHORIZED");
        assertThat(anonymous().withBearer("not-the-token").get("/management/prometheus").status()).isEqualTo(401);
        assertThat(api().get("/management/prometheus").status()).isEqualTo(401);
        assertThat(owner().get("/management/prometheus").status()).isEqualTo(401);
        assertThat(operator().get("/management/prometheus").status()).isEqualTo(200);
    }

    @Test
    void metricsFollowPayoutsWebhooksTheWalletAndTheProcessorsUnderLoad() {
        Api api = api();
        String driverId = api.registerDriver().path("id").asText();
        assertThat(api.post("/api/v1/drivers/" + driverId + "/kyc", "{\"outcome\":\"verified\"}").status())
                .isEqualTo(200);
        try (WebhookReceiver receiver = WebhookReceiver.start()) {
            Api.Response subscription = api.post("/api/v1/webhooks", "{\"url\":\"" + receiver.url()
                    + "\",\"events\":[\"payout.created\"]}");
            assertThat(subscription.status()).isEqualTo(200);
            assertThat(api.post("/api/v1/funding/topup", "{\"amount\":1000000}").status()).isEqualTo(200);
            await("funds").atMost(Duration.ofSeconds(20)).until(() ->
                    api.get("/api/v1/balance").data().path("available").asLong() >= 1_000_000);
            for (int i = 0; i < 30; i++) {
                assertThat(api.post("/api/v1/payouts", "{\"driverId\":\"" + driverId
                        + "\",\"amount\":1000,\"urgency\":\"standard\"}").status()).isEqualTo(200);
            }
            assertThat(api.post("/api/v1/payouts/instant", "{\"driverId\":\"" + driverId
                    + "\",\"amount\":5000}").status()).isEqualTo(200);
            Api refusing = api.anonymous().withBearer(api.bearer()).header("X-Sandbox-Scenario", "insufficient_funds");
            assertThat(refusing.post("/api/v1/payouts", "{\"driverId\":\"" + driverId + "\",\"amount\":1000}")
                    .status()).isEqualTo(400);
            await("webhooks delivered").atMost(Duration.ofSeconds(30)).until(() -> receiver.received().size() >= 31);
            api.delete("/api/v1/webhooks/" + subscription.data().path("id").asText());
        }

        await("metrics").atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
            String scrape = operator().get("/management/prometheus").body().asText();
            assertThat(value(scrape, "http_server_requests_seconds_count",
                    "method=\"POST\".*status=\"200\".*uri=\"/api/v1/payouts\"")).isGreaterThanOrEqualTo(30);
            assertThat(value(scrape, "payouts_payouts_accepted_total", "mode=\"sandbox\",rail=\"standard\""))
                    .isGreaterThanOrEqualTo(30);
            assertThat(value(scrape, "payouts_payouts_accepted_total", "mode=\"sandbox\",rail=\"instant\""))
                    .isGreaterThanOrEqualTo(1);
            assertThat(value(scrape, "payouts_payouts_refused_total",
                    "mode=\"sandbox\",rail=\"standard\",reason=\"INSUFFICIENT_FUNDS\""))
                    .isGreaterThanOrEqualTo(1);
            // the lanes may admit payouts that arrive close together in one batch: their sizes add up to the payouts
            assertThat(value(scrape, "payouts_admission_batch_size_sum", "")).isGreaterThanOrEqualTo(31);
            assertThat(value(scrape, "payouts_admission_batch_size_count", "")).isGreaterThanOrEqualTo(1);
            assertThat(value(scrape, "payouts_admission_batch_size_max", "")).isGreaterThanOrEqualTo(1);
            assertThat(value(scrape, "payouts_rail_steps_total", "mode=\"sandbox\",step=\"queued\""))
                    .isGreaterThanOrEqualTo(30);
            assertThat(value(scrape, "payouts_wallet_available_cents", "mode=\"sandbox\"")).isGreaterThan(0);
            assertThat(value(scrape, "payouts_wallet_in_transit_cents", "mode=\"sandbox\"")).isGreaterThanOrEqualTo(0);
            assertThat(value(scrape, "payouts_processor_lag_events", "processor=\"payout-projection\""))
                    .isBetween(0.0, 10000.0);
            assertThat(value(scrape, "payouts_processor_lag_seconds", "processor=\"payout-projection\""))
                    .isGreaterThanOrEqualTo(0);
            assertThat(value(scrape, "payouts_processor_parked_events", "processor=\"wallet-projection\""))
                    .isEqualTo(0);
            assertThat(value(scrape, "payouts_processor_replay_progress", "processor=\"driver-projection\""))
                    .isEqualTo(1);
            assertThat(value(scrape, "payouts_processor_running", "processor=\"webhook-deliveries\"")).isEqualTo(1);
            assertThat(value(scrape, "payouts_webhooks_attempts_total", "mode=\"sandbox\",outcome=\"success\""))
                    .isGreaterThanOrEqualTo(31);
            assertThat(value(scrape, "payouts_webhooks_delivery_latency_seconds_count", "mode=\"sandbox\""))
                    .isGreaterThanOrEqualTo(31);
            assertThat(value(scrape, "payouts_webhooks_attempts_total", "mode=\"production\",outcome=\"failure\""))
                    .as("registered from the start in both modes").isGreaterThanOrEqualTo(0);
            // one series per mode and outcome, in no fixed order: the attempts of this test are in their sum
            assertThat(sum(scrape, "payouts_webhooks_attempt_duration_seconds_count")).isGreaterThanOrEqualTo(31);
        });
    }

    /** The sum of every sample of {@code metric}, whatever its labels. */
    private static double sum(String scrape, String metric) {
        return samples(scrape, metric, "").sum();
    }

    /** The value of the first sample of {@code metric} whose labels match {@code labels} (a regular expression). */
    private static double value(String scrape, String metric, String labels) {
        OptionalDouble first = samples(scrape, metric, labels).findFirst();
        assertThat(first).as("%s{%s} in the scrape", metric, labels).isPresent();
        return first.getAsDouble();
    }

    private static DoubleStream samples(String scrape, String metric, String labels) {
        return Pattern.compile("(?m)^" + metric + "(\\{[^}]*" + labels + "[^}]*})? ([-0-9.eE+NaN]+)$")
                .matcher(scrape).results().mapToDouble(sample -> Double.parseDouble(sample.group(2)));
    }

    private Api operator() {
        return anonymous().withBearer(MANAGEMENT_TOKEN);
    }
}
