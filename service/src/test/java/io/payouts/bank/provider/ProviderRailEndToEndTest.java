package io.payouts.bank.provider;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.core.WireMockConfiguration;
import com.github.tomakehurst.wiremock.stubbing.Scenario;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import io.payouts.PayoutServiceApplication;
import io.payouts.platform.signing.WebhookSignature;
import io.payouts.service.support.Api;
import io.payouts.service.support.ContextOfItsOwn;
import io.payouts.service.support.WalletInvariant;
import io.payouts.shared.driver.DriverId;
import io.payouts.testsupport.ApplicationTest;
import io.payouts.testsupport.TestPostgres;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.actuate.observability.AutoConfigureObservability;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.matchingJsonPath;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.serverError;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Production paid through a payment provider, end to end through the service: a WireMock provider takes (or refuses)
 * each signed request, and reports the outcome through the inbound webhook as a real one would. The provider refuses
 * payments to account {@value #REFUSED_ACCOUNT} with its own message, and fails once with a 500 for
 * {@value #FLAKY_ACCOUNT} before it takes it.
 */
@ApplicationTest
@ContextOfItsOwn
@AutoConfigureObservability(tracing = false)
@SpringBootTest(classes = PayoutServiceApplication.class,
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
                "payouts.owner.email=" + ProviderRailEndToEndTest.OWNER_EMAIL,
                "payouts.owner.password=" + ProviderRailEndToEndTest.OWNER_PASSWORD,
                "payouts.rate-limit.capacity=1000000",
                "payouts.rate-limit.refill-per-minute=1000000",
                "payouts.sandbox.kyc-verification-delay=1h",
                "payouts.rail.production=http",
                "payouts.rail.http.signing-secret=" + ProviderRailEndToEndTest.PROVIDER_SECRET,
                "payouts.rail.http.poll-interval=200ms",
                "payouts.rail.http.retry-initial-delay=200ms",
                "payouts.rail.http.retry-max-delay=1s",
                "payouts.webhooks.inbound-secret=" + ProviderRailEndToEndTest.INBOUND_SECRET,
                "payouts.management.token=" + ProviderRailEndToEndTest.OPERATOR_TOKEN})
class ProviderRailEndToEndTest {

    static final String OWNER_EMAIL = "owner@provider.example";
    static final String OWNER_PASSWORD = "provider rail test owner";
    static final String PROVIDER_SECRET = "whsec_provider_e2e_0123456789abcdef";
    static final String INBOUND_SECRET = "whsec_inbound_e2e_0123456789abcdef";
    static final String OPERATOR_TOKEN = "provider rail operator token";
    static final String REFUSED_ACCOUNT = "0000066666";
    static final String FLAKY_ACCOUNT = "0000055555";
    static final String OWN_ACCOUNT = "000123456789";
    private static final String PATH = "/v1/payouts";

    private static final WireMockServer PROVIDER = new WireMockServer(WireMockConfiguration.options().dynamicPort());

    @Autowired
    private ConfigurableApplicationContext context;

    private Api owner;
    private Api production;

    @DynamicPropertySource
    static void databaseAndProvider(DynamicPropertyRegistry registry) {
        TestPostgres.useOwnDatabase(ProviderRailEndToEndTest.class, registry);
        registry.add("payouts.rail.http.url", () -> provider().baseUrl() + PATH);
    }

    @BeforeAll
    static void providerAnswers() {
        provider().stubFor(post(urlEqualTo(PATH)).atPriority(10)
                .willReturn(okJson("{\"id\":\"po_" + UUID.randomUUID() + "\",\"status\":\"pending\"}")));
        provider().stubFor(post(urlEqualTo(PATH)).atPriority(1)
                .withRequestBody(matchingJsonPath("$.destination.accountNumber", equalTo(REFUSED_ACCOUNT)))
                .willReturn(aResponse().withStatus(422).withHeader("Content-Type", "application/json")
                        .withBody("{\"error\":{\"code\":\"account_closed\","
                                + "\"message\":\"the destination account is closed\"}}")));
        provider().stubFor(post(urlEqualTo(PATH)).atPriority(1).inScenario("flaky")
                .whenScenarioStateIs(Scenario.STARTED)
                .withRequestBody(matchingJsonPath("$.destination.accountNumber", equalTo(FLAKY_ACCOUNT)))
                .willReturn(serverError().withBody("upstream bank timeout")).willSetStateTo("recovered"));
    }

    @AfterAll
    static void stopProvider() {
        PROVIDER.stop();
    }

    private static synchronized WireMockServer provider() {
        if (!PROVIDER.isRunning()) {
            PROVIDER.start();
        }
        return PROVIDER;
    }

    @Test
    void paysAProductionPayoutThroughTheProviderAndCompletesItWhenTheProviderReportsItPaid() throws Exception {
        fund(100_000);
        DriverId driver = payableDriver(OWN_ACCOUNT);
        long before = WalletInvariant.quietBalance(production()).available();

        String payoutId = pay(driver, 12_500);
        JsonNode processing = awaitStatus(payoutId, "processing");

        List<LoggedRequest> requests = requestsFor(payoutId);
        assertThat(requests).isNotEmpty().extracting(sent -> sent.getHeader("Idempotency-Key"))
                .containsOnly(payoutId + "-0");
        LoggedRequest request = requests.get(requests.size() - 1);
        assertThat(WebhookSignature.verify(request.getHeader("X-Webhook-Signature"),
                request.getBodyAsString().getBytes(StandardCharsets.UTF_8), PROVIDER_SECRET, Instant.now(),
                Duration.ofMinutes(5))).isEqualTo(WebhookSignature.Verification.VALID);
        JsonNode body = new ObjectMapper().readTree(request.getBodyAsString());
        assertThat(body.path("amount").asLong()).isEqualTo(processing.path("netAmount").asLong());
        assertThat(body.path("destination").path("accountNumber").asText())
                .isEqualTo(OWN_ACCOUNT);

        Api.Response reported = providerReports("payout.completed", payoutId, null);
        assertThat(reported.status()).as("the provider's report: %s", reported).isEqualTo(200);
        awaitStatus(payoutId, "completed");

        List<JsonNode> history = history(payoutId);
        assertThat(history).extracting(event -> event.path("type").asText())
                .containsExactly("payout.created", "payout.queued", "payout.processing", "payout.succeeded");
        assertThat(history.get(1).path("data").path("railAdapter").asText()).isEqualTo("http");
        assertThat(history.get(1).path("data").path("railReference").asText()).isEqualTo(payoutId + "-0");
        assertThat(history.get(2).path("actor").path("id").asText()).isEqualTo("rail:http");
        assertThat(WalletInvariant.quietBalance(production()).available()).isEqualTo(before - 12_500);
        WalletInvariant.assertHolds(production());
    }

    @Test
    void failsAPayoutTheProviderRefusesWithItsMessageAndReleasesItsFunds() {
        fund(20_000);
        DriverId driver = payableDriver(REFUSED_ACCOUNT);
        long before = WalletInvariant.quietBalance(production()).available();

        String payoutId = pay(driver, 5_000);
        JsonNode failed = awaitStatus(payoutId, "failed");

        assertThat(failed.path("failureReason").asText()).isEqualTo("the destination account is closed");
        int sent = requestsFor(payoutId).size();
        await("no request after the refusal").during(Duration.ofSeconds(1)).atMost(Duration.ofSeconds(5))
                .until(() -> requestsFor(payoutId).size() == sent);
        JsonNode failedEvent = production().get("/api/v1/events?type=payout.failed&resource=" + payoutId).data()
                .path("items");
        assertThat(failedEvent).hasSize(1);
        assertThat(failedEvent.get(0).path("data").path("reason").asText())
                .isEqualTo("the destination account is closed");
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(
                WalletInvariant.quietBalance(production()).available()).isEqualTo(before));
        WalletInvariant.assertHolds(production());
        await("the refusal parked for admins").atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(
                owner.get("/api/v1/admin/rail/problems?pageSize=100").data().path("items")).anySatisfy(problem -> {
                    assertThat(problem.path("payoutId").asText()).isEqualTo(payoutId);
                    assertThat(problem.path("reason").asText())
                            .isEqualTo("not paid through the provider: the destination account is closed");
                }));
    }

    @Test
    void sendsAgainUnderTheSameKeyAfterTheProviderFailedOnce() {
        fund(20_000);
        DriverId driver = payableDriver(FLAKY_ACCOUNT);

        String payoutId = payInstantly(driver, 3_000);
        await().atMost(Duration.ofSeconds(30)).until(() -> requestsFor(payoutId).size() >= 2);

        assertThat(requestsFor(payoutId)).extracting(request -> request.getHeader("Idempotency-Key"))
                .containsOnly(payoutId + "-0");
        assertThat(payout(payoutId).path("status").asText()).isEqualTo("processing");
        providerReports("payout.failed", payoutId, "the receiving bank returned it");
        assertThat(awaitStatus(payoutId, "failed").path("failureReason").asText())
                .isEqualTo("the receiving bank returned it");
    }

    @Test
    void refusesAPayoutToADriverWithoutABankAccountWithoutAskingTheProvider() {
        fund(20_000);
        DriverId driver = verifiedDriver();
        int sentBefore = PROVIDER.getAllServeEvents().size();

        Api.Response refused = production().post("/api/v1/payouts", """
                {"driverId":"%s","amount":2000}""".formatted(driver.value()));

        assertThat(refused.status()).as("%s", refused).isEqualTo(422);
        assertThat(refused.error().path("code").asText()).isEqualTo("DRIVER_NOT_PAYABLE");
        assertThat(refused.error().path("message").asText()).contains("no bank account");
        assertThat(PROVIDER.getAllServeEvents()).hasSize(sentBefore);
    }

    @Test
    void showsTheProvidersStateInHealthAndMetricsButNotInReadiness() {
        Api operator = Api.of(context).withBearer(OPERATOR_TOKEN);

        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
            JsonNode health = operator.get("/management/health").body().path("components").path("provider");
            assertThat(health.path("status").asText()).isEqualTo("UP");
            assertThat(health.path("details").has("payoutsWaiting")).isTrue();
            Api.Response scrape = operator.get("/management/prometheus");
            assertThat(scrape.status()).as("the scrape: %s", scrape).isEqualTo(200);
            assertThat(scrape.body().asText()).containsPattern("payouts_rail_provider_reachable\\{[^}]*} 1\\.0")
                    .contains("payouts_rail_provider_waiting")
                    .contains("payouts_rail_provider_oldest_waiting_seconds");
        });
        assertThat(operator.get("/management/health/readiness").body().path("components").has("provider")).isFalse();
    }

    /** The provider reports an outcome through the inbound webhook, signed with the service's inbound secret. */
    private Api.Response providerReports(String event, String payoutId, String reason) {
        String body = ("{\"id\":\"evt_provider_%s\",\"event\":\"%s\",\"timestamp\":\"%s\","
                + "\"data\":{\"payoutId\":\"%s\",\"status\":\"%s\",\"amount\":%d%s}}").formatted(UUID.randomUUID(), event, Instant.now(), payoutId,
                event.substring(event.indexOf('.') + 1), payout(payoutId).path("netAmount").asLong(),
                reason == null ? "" : ",\"reason\":\"" + reason + "\"");
        return api().anonymous().header(WebhookSignature.HEADER,
                WebhookSignature.header(Instant.now(), body, List.of(INBOUND_SECRET)))
                .post("/api/v1/webhooks/inbound", body);
    }

    private static List<LoggedRequest> requestsFor(String payoutId) {
        return provider().findAll(postRequestedFor(urlEqualTo(PATH))
                .withRequestBody(matchingJsonPath("$.payoutId", equalTo(payoutId))));
    }

    private Api api() {
        return Api.of(context);
    }

    private synchronized Api production() {
        if (production == null) {
            owner = api().signedIn(OWNER_EMAIL, OWNER_PASSWORD);
            String id = owner.createKey("production", Api.ALL_SCOPES).body().path("id").asText();
            Api.Response approved = owner.post("/api/v1/admin/api-keys/" + id + "/approve", "{}");
            assertThat(approved.status()).as("approving a production key: %s", approved).isEqualTo(200);
            production = owner.withBearer(approved.body().path("key").asText());
        }
        return production;
    }

    /** A production driver, KYC-verified, paid into US checking account {@code accountNumber}. */
    private DriverId payableDriver(String accountNumber) {
        DriverId driver = verifiedDriver();
        Api.Response account = production().put("/api/v1/drivers/" + driver.value() + "/bank-account", """
                {"holderName":"Ana Diaz","country":"US","routingNumber":"011000015","accountNumber":"%s",\
                "accountType":"checking"}""".formatted(accountNumber));
        assertThat(account.status()).as("the account of %s: %s", driver, account).isEqualTo(200);
        return driver;
    }

    private DriverId verifiedDriver() {
        DriverId driver = new DriverId(production().registerDriver().path("id").asText());
        Api.Response verified = production().post("/api/v1/drivers/" + driver.value() + "/kyc",
                "{\"outcome\":\"verified\"}");
        assertThat(verified.status()).as("verifying %s: %s", driver, verified).isEqualTo(200);
        return driver;
    }

    private void fund(long cents) {
        Api.Response requested = production().post("/api/v1/funding/topup", "{\"amount\":" + cents
                + ",\"method\":\"wire\"}");
        assertThat(requested.status()).as("a top-up: %s", requested).isEqualTo(200);
        String topUp = requested.data().path("transactionId").asText();
        Api.Response settled = owner.post("/api/v1/admin/funding/topups/" + topUp + "/settle", "{}");
        assertThat(settled.status()).as("settling %s: %s", topUp, settled).isEqualTo(200);
    }

    private String pay(DriverId driver, long cents) {
        return payout("/api/v1/payouts", driver, cents);
    }

    private String payInstantly(DriverId driver, long cents) {
        return payout("/api/v1/payouts/instant", driver, cents);
    }

    private String payout(String path, DriverId driver, long cents) {
        Api.Response created = production().post(path, "{\"driverId\":\"" + driver.value() + "\",\"amount\":"
                + cents + "}");
        assertThat(created.status()).as("a payout: %s", created).isEqualTo(200);
        return created.data().path("id").asText();
    }

    private JsonNode payout(String payoutId) {
        Api.Response read = production().get("/api/v1/payouts/" + payoutId);
        assertThat(read.status()).as("reading %s: %s", payoutId, read).isEqualTo(200);
        return read.data();
    }

    private JsonNode awaitStatus(String payoutId, String status) {
        await("payout " + payoutId + " " + status).atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(200))
                .until(() -> payout(payoutId).path("status").asText().equals(status));
        return payout(payoutId);
    }

    private List<JsonNode> history(String payoutId) {
        Api.Response history = production().get("/api/v1/payouts/" + payoutId + "/history?pageSize=100");
        assertThat(history.status()).as("history of %s: %s", payoutId, history).isEqualTo(200);
        List<JsonNode> events = new ArrayList<>();
        history.data().path("items").forEach(events::add);
        return events;
    }
}
