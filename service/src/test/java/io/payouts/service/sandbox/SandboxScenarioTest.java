package io.payouts.service.sandbox;

import io.payouts.sandbox.SandboxLock;
import io.payouts.sandbox.SandboxProperties;
import io.payouts.service.support.Api;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.util.List;
import java.util.function.Function;

import javax.sql.DataSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * X-Sandbox-Scenario on every kind of sandbox request (drivers, payouts, funding, the sandbox utilities), automatic
 * KYC verification of new sandbox drivers, and a production key that never notices either.
 */
class SandboxScenarioTest extends SandboxIntegrationTest {

    private static final String HEADER = "X-Sandbox-Scenario";
    private static final Duration SETTLE = Duration.ofSeconds(15);

    /** One request of each kind the header applies to, sent by the given client. */
    private static final List<Function<Api, Api.Response>> EVERY_KIND = List.of(
            api -> api.get("/api/v1/drivers"),
            api -> api.post("/api/v1/drivers", Api.driverJson(Api.uniqueSvcDriverId())),
            api -> api.get("/api/v1/payouts"),
            api -> api.get("/api/v1/payouts/instant/fee?amount=10000"),
            api -> api.get("/api/v1/balance"),
            api -> api.post("/api/v1/funding/topup", "{\"amount\":100}"),
            api -> api.get("/api/v1/sandbox/state"));

    @Test
    void anUnknownScenarioIsA400NamingTheHeaderOnEveryKindOfRequest() {
        for (Function<Api, Api.Response> request : EVERY_KIND) {
            Api.Response response = request.apply(sandbox().header(HEADER, "meteor_strike"));

            assertThat(response.status()).as("%s", response).isEqualTo(400);
            assertThat(response.error().path("code").asText()).isEqualTo("VALIDATION_ERROR");
            assertThat(response.error().path("details").has(HEADER)).as("%s", response).isTrue();
            assertThat(response.error().path("message").asText()).contains(HEADER);
        }
    }

    @Test
    void rateLimitedIsA429WithTheRateLimitHeadersOnEveryKindOfRequest() {
        for (Function<Api, Api.Response> request : EVERY_KIND) {
            Api.Response response = request.apply(sandbox().header(HEADER, "rate_limited"));

            assertThat(response.status()).as("%s", response).isEqualTo(429);
            assertThat(response.error().path("code").asText()).isEqualTo("RATE_LIMITED");
            assertThat(response.header("X-RateLimit-Limit")).isNotNull();
            assertThat(response.header("X-RateLimit-Remaining")).isEqualTo("0");
            assertThat(response.header("X-RateLimit-Reset")).isNotNull();
            assertThat(response.header("Retry-After")).isEqualTo("1");
        }
    }

    @Test
    void aRateLimitedWriteWritesNothing() {
        String svcDriverId = Api.uniqueSvcDriverId();

        assertThat(sandbox().header(HEADER, "rate_limited").post("/api/v1/drivers", Api.driverJson(svcDriverId))
                .status()).isEqualTo(429);

        assertThat(sandbox().post("/api/v1/drivers", Api.driverJson(svcDriverId)).status())
                .as("the external id was never claimed").isEqualTo(200);
    }

    @Test
    void slowResponseAddsTheConfiguredDelayOnEveryKindOfRequest() {
        for (Function<Api, Api.Response> request : EVERY_KIND) {
            long started = System.nanoTime();
            Api.Response response = request.apply(sandbox().header(HEADER, "slow_response"));
            Duration took = Duration.ofNanos(System.nanoTime() - started);

            assertThat(response.status()).as("%s", response).isEqualTo(200);
            assertThat(took).as("%s", response).isGreaterThanOrEqualTo(Duration.ofMillis(SLOW_RESPONSE_MILLIS));
        }
    }

    @Test
    void theSlowResponseDelayIsTwoSecondsByDefault() {
        SandboxProperties defaults = new org.springframework.boot.context.properties.bind.Binder()
                .bindOrCreate("payouts.sandbox", SandboxProperties.class);

        assertThat(defaults.slowResponseDelay()).isEqualTo(Duration.ofSeconds(2));
    }

    @Test
    void successIsTheDefaultScenario() {
        for (Function<Api, Api.Response> request : EVERY_KIND) {
            assertThat(request.apply(sandbox().header(HEADER, "success")).status()).isEqualTo(200);
        }
    }

    @Test
    void aNewSandboxDriverIsVerifiedShortlyAfterRegistration() {
        Api.Response registered = sandbox().post("/api/v1/drivers", Api.driverJson(Api.uniqueSvcDriverId()));
        String id = registered.data().path("id").asText();
        assertThat(registered.data().path("status").asText()).isEqualTo("invited");
        assertThat(registered.data().path("kycStatus").asText()).isEqualTo("pending");

        await().atMost(SETTLE).untilAsserted(() -> {
            Api.Response driver = sandbox().get("/api/v1/drivers/" + id);
            assertThat(driver.data().path("kycStatus").asText()).isEqualTo("verified");
            assertThat(driver.data().path("status").asText()).isEqualTo("active");
        });
    }

    @Test
    void aKycOutcomeRecordedByHandIsNotOverriddenByTheAutomaticVerification() {
        String id = sandbox().post("/api/v1/drivers", Api.driverJson(Api.uniqueSvcDriverId())).data().path("id")
                .asText();
        Api.Response rejected = sandbox().post("/api/v1/drivers/" + id + "/kyc",
                "{\"outcome\":\"rejected\",\"reason\":\"document expired\"}");
        assertThat(rejected.status()).as("rejecting within the delay: %s", rejected).isEqualTo(200);

        // past the 300 ms delay, until the planned verification has been dealt with
        JdbcTemplate jdbc = application.getBean(JdbcTemplate.class);
        await().pollDelay(Duration.ofMillis(900)).atMost(SETTLE).until(() -> jdbc.queryForObject(
                "select count(*) from sandbox_kyc_verification where driver_id = ?", Long.class, id) == 0);
        // the read model may still be applying the rejection on a busy machine; an override would never turn back
        await().atMost(SETTLE).untilAsserted(() -> assertThat(sandbox().get("/api/v1/drivers/" + id).data()
                .path("kycStatus").asText()).isEqualTo("rejected"));
    }

    @Test
    void kycPendingKeepsANewDriverPending() {
        String pending = sandbox().header(HEADER, "kyc_pending")
                .post("/api/v1/drivers", Api.driverJson(Api.uniqueSvcDriverId())).data().path("id").asText();
        String pendingInBulk = sandbox().header(HEADER, "kyc_pending").post("/api/v1/drivers/bulk",
                        "{\"drivers\":[" + Api.driverJson(Api.uniqueSvcDriverId()) + "]}")
                .data().path("results").get(0).path("item").path("id").asText();
        String verified = sandbox().post("/api/v1/drivers", Api.driverJson(Api.uniqueSvcDriverId()))
                .data().path("id").asText();

        await().atMost(SETTLE).until(() -> sandbox().get("/api/v1/drivers/" + verified).data().path("kycStatus")
                .asText().equals("verified"));

        JdbcTemplate jdbc = application.getBean(JdbcTemplate.class);
        for (String id : List.of(pending, pendingInBulk)) {
            Api.Response driver = sandbox().get("/api/v1/drivers/" + id);
            assertThat(driver.data().path("kycStatus").asText()).as("%s", driver).isEqualTo("pending");
            assertThat(driver.data().path("status").asText()).isEqualTo("invited");
            assertThat(jdbc.queryForObject("select count(*) from sandbox_kyc_verification where driver_id = ?",
                    Long.class, id)).as("no automatic verification planned for %s", id).isZero();
        }
        assertThat(sandbox().get("/api/v1/drivers?status=pending").data().path("items").findValuesAsText("id"))
                .contains(pending, pendingInBulk);
        Api.Response payout = sandbox().post("/api/v1/payouts",
                "{\"driverId\":\"%s\",\"amount\":1000}".formatted(pending));
        assertThat(payout.status()).as("a KYC-pending driver is not paid: %s", payout).isEqualTo(422);
    }

    @Test
    void insufficientFundsRefusesEveryPayoutRequestWithALowBalanceError() {
        String driver = payableDriver();
        fund(50_000);
        String single = "{\"driverId\":\"%s\",\"amount\":1000}".formatted(driver);

        for (Api.Response response : List.of(
                sandbox().header(HEADER, "insufficient_funds").post("/api/v1/payouts", single),
                sandbox().header(HEADER, "insufficient_funds").post("/api/v1/payouts/instant", single))) {
            assertThat(response.status()).as("%s", response).isEqualTo(400);
            assertThat(response.error().path("code").asText()).isEqualTo("INSUFFICIENT_FUNDS");
        }
        Api.Response bulk = sandbox().header(HEADER, "insufficient_funds")
                .post("/api/v1/payouts/bulk", "{\"payouts\":[" + single + "]}");
        assertThat(bulk.status()).isEqualTo(200);
        assertThat(bulk.data().path("results").get(0).path("status").asText()).isEqualTo("error");
        assertThat(bulk.data().path("results").get(0).toString()).contains("INSUFFICIENT_FUNDS");
    }

    @Test
    void payoutFailedMakesThePayoutFail() {
        String driver = payableDriver();
        fund(50_000);
        String standard = sandbox().header(HEADER, "payout_failed").post("/api/v1/payouts",
                "{\"driverId\":\"%s\",\"amount\":1200}".formatted(driver)).data().path("id").asText();
        String instant = sandbox().header(HEADER, "payout_failed").post("/api/v1/payouts/instant",
                "{\"driverId\":\"%s\",\"amount\":1300}".formatted(driver)).data().path("id").asText();

        for (String payout : List.of(standard, instant)) {
            await().atMost(SETTLE).untilAsserted(() -> assertThat(sandbox().get("/api/v1/payouts/" + payout).data()
                    .path("status").asText()).isEqualTo("failed"));
        }
    }

    @Test
    void aProductionKeyIgnoresTheHeader() {
        for (String scenario : List.of("rate_limited", "meteor_strike", "kyc_pending")) {
            Api.Response registered = production().header(HEADER, scenario)
                    .post("/api/v1/drivers", Api.driverJson(Api.uniqueSvcDriverId()));
            assertThat(registered.status()).as("%s: %s", scenario, registered).isEqualTo(200);
            assertThat(production().header(HEADER, scenario).get("/api/v1/balance").status()).isEqualTo(200);
        }
        long started = System.nanoTime();
        assertThat(production().header(HEADER, "slow_response").get("/api/v1/drivers").status()).isEqualTo(200);
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofMillis(SLOW_RESPONSE_MILLIS));
    }

    @Test
    void aSandboxCommandDuringAResetIsRefusedAndProductionGoesOn() throws Exception {
        DataSource dataSource = application.getBean(DataSource.class);
        try (Connection connection = dataSource.getConnection()) {
            connection.setAutoCommit(false);
            try (PreparedStatement lock = connection.prepareStatement("select pg_advisory_xact_lock(?)")) {
                lock.setLong(1, SandboxLock.KEY);
                lock.execute();
            }
            try {
                Api.Response sandboxWrite = sandbox().post("/api/v1/drivers", Api.driverJson(Api.uniqueSvcDriverId()));
                assertThat(sandboxWrite.status()).as("%s", sandboxWrite).isEqualTo(503);
                assertThat(sandboxWrite.error().path("code").asText()).isEqualTo("UNAVAILABLE");
                assertThat(production().post("/api/v1/drivers", Api.driverJson(Api.uniqueSvcDriverId())).status())
                        .isEqualTo(200);
            } finally {
                connection.rollback();
            }
        }
        assertThat(sandbox().post("/api/v1/drivers", Api.driverJson(Api.uniqueSvcDriverId())).status())
                .isEqualTo(200);
    }

    private String payableDriver() {
        String id = sandbox().post("/api/v1/drivers", Api.driverJson(Api.uniqueSvcDriverId())).data().path("id")
                .asText();
        await().atMost(SETTLE).until(() -> sandbox().get("/api/v1/drivers/" + id).data().path("kycStatus").asText()
                .equals("verified"));
        return id;
    }

    private void fund(long amount) {
        long before = sandbox().get("/api/v1/balance").data().path("available").asLong();
        assertThat(sandbox().post("/api/v1/funding/topup", "{\"amount\":%d}".formatted(amount)).status())
                .isEqualTo(200);
        await().atMost(SETTLE).until(() ->
                sandbox().get("/api/v1/balance").data().path("available").asLong() >= before + amount);
    }
}
