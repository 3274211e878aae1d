package io.payouts.service.sandbox;

import com.fasterxml.jackson.databind.JsonNode;
import io.payouts.PayoutServiceApplication;
import io.payouts.service.support.Api;
import io.payouts.service.support.ContextOfItsOwn;
import io.payouts.testsupport.ApplicationTest;
import io.payouts.testsupport.TestPostgres;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.StreamSupport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A sandbox reset that keeps the sandbox's events, as it must with Axon Server, which cannot delete them (ADR-0015),
 * run here on PostgreSQL: the same answers as a reset that deletes (SandboxUtilitiesTest), with the events
 * still stored, and read models rebuilt afterwards that still show no sandbox from before the reset.
 */
@ApplicationTest
@ContextOfItsOwn
@SpringBootTest(classes = PayoutServiceApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
                "payouts.owner.email=" + SandboxResetKeepingEventsTest.OWNER_EMAIL,
                "payouts.owner.password=" + SandboxResetKeepingEventsTest.OWNER_PASSWORD,
                "payouts.rate-limit.capacity=1000000",
                "payouts.rate-limit.refill-per-minute=1000000",
                "payouts.rail.standard-delay=2s",
                "payouts.rail.instant-delay=2s",
                "payouts.rail.poll-interval=100ms",
                "payouts.sandbox.kyc-verification-delay=300ms",
                "payouts.sandbox.poll-interval=100ms",
                "payouts.sandbox.reset-keeps-events=true",
                "payouts.event-stream.positions-across-instances=true"})
class SandboxResetKeepingEventsTest {

    static final String OWNER_EMAIL = "owner@kept-sandbox.test";
    static final String OWNER_PASSWORD = "kept sandbox test owner password";
    private static final Duration SETTLE = Duration.ofSeconds(15);
    private static final List<String> READ_MODELS = List.of("driver-projection", "driver-bank-account-projection",
            "payout-projection", "batch-projection", "wallet-projection");

    private static Api sandbox;

    @Autowired
    ConfigurableApplicationContext application;

    @DynamicPropertySource
    static void database(DynamicPropertyRegistry registry) {
        TestPostgres.useOwnDatabase(SandboxResetKeepingEventsTest.class, registry);
    }

    @BeforeEach
    void startFromAnEmptySandbox() {
        assertThat(sandbox().post("/api/v1/sandbox/reset", null).status()).isEqualTo(200);
    }

    @Test
    void resetClearsTheSandboxAndItsOldIdsAre404WhileTheirEventsStayStored() {
        sandbox().post("/api/v1/sandbox/seed", null);
        String svcDriverId = Api.uniqueSvcDriverId();
        String driver = sandbox().post("/api/v1/drivers", Api.driverJson(svcDriverId)).data().path("id").asText();
        JsonNode state = sandbox().get("/api/v1/sandbox/state").data();
        String payout = state.path("payouts").get(0).path("id").asText();
        String seededBatch = sandbox().get("/api/v1/batches").data().path("items").get(0).path("id").asText();

        Api.Response reset = sandbox().post("/api/v1/sandbox/reset", null);

        assertThat(reset.status()).as("reset: %s", reset).isEqualTo(200);
        JsonNode after = sandbox().get("/api/v1/sandbox/state").data();
        assertThat(after.path("drivers")).isEmpty();
        assertThat(after.path("payouts")).isEmpty();
        assertThat(after.path("balance").asLong()).isZero();
        assertThat(sandbox().get("/api/v1/balance").data().path("available").asLong()).isZero();
        assertThat(sandbox().get("/api/v1/funding/transactions").data().path("items")).isEmpty();
        assertThat(sandbox().get("/api/v1/drivers/" + driver).status()).isEqualTo(404);
        assertThat(sandbox().get("/api/v1/payouts/" + payout).status()).isEqualTo(404);
        assertThat(sandbox().get("/api/v1/batches").data().path("items")).isEmpty();
        assertThat(sandbox().get("/api/v1/batches/" + seededBatch).status()).isEqualTo(404);
        Api.Response release = sandbox().post("/api/v1/batches/" + seededBatch + "/release", null);
        assertThat(release.status()).as("releasing an old batch: %s", release).isEqualTo(404);
        Api.Response verify = sandbox().post("/api/v1/drivers/" + driver + "/kyc", "{\"outcome\":\"verified\"}");
        assertThat(verify.status()).as("a command to an old driver: %s", verify).isEqualTo(404);
        assertThat(verify.error().path("code").asText()).isEqualTo("NOT_FOUND");
        Api.Response cancel = sandbox().post("/api/v1/payouts/" + payout + "/cancel", null);
        assertThat(cancel.status()).as("canceling an old payout: %s", cancel).isEqualTo(404);
        assertThat(sandbox().post("/api/v1/drivers", Api.driverJson(svcDriverId)).status())
                .as("the external id is free again").isEqualTo(200);
        assertThat(count("select count(*) from domain_event_entry where aggregate_identifier = any(?)",
                List.of(driver, payout, seededBatch))).as("the events stay stored").isPositive();
        assertThat(sandbox().get("/api/v1/balance").data().path("available").asLong())
                .as("nothing an old payout held came back").isZero();
    }

    @Test
    void theWalletStartsAgainAtZeroAfterAReset() {
        topUp(10_000);
        await().atMost(SETTLE).until(() ->
                sandbox().get("/api/v1/balance").data().path("available").asLong() == 10_000);
        sandbox().post("/api/v1/sandbox/reset", null);

        topUp(2_500);

        await().atMost(SETTLE).untilAsserted(() ->
                assertThat(sandbox().get("/api/v1/balance").data().path("available").asLong()).isEqualTo(2_500));
        assertThat(sandbox().get("/api/v1/funding/transactions").data().path("items")).hasSize(1);
    }

    @Test
    void readModelsRebuiltAfterAResetStillShowNoSandboxFromBeforeIt() {
        sandbox().post("/api/v1/sandbox/seed", null);
        sandbox().post("/api/v1/sandbox/reset", null);
        topUp(2_500);
        String driver = payableDriver();
        await().atMost(SETTLE).until(() ->
                sandbox().get("/api/v1/balance").data().path("available").asLong() == 2_500);
        JsonNode live = sandbox().get("/api/v1/sandbox/state").data();
        JsonNode liveTransactions = sandbox().get("/api/v1/funding/transactions").data().path("items");
        assertThat(ids(live.path("drivers"))).containsExactly(driver);

        for (String readModel : READ_MODELS) {
            Api.Response rebuild = owner().post("/api/v1/admin/projections/" + readModel + "/rebuild", null);
            assertThat(rebuild.status()).as("rebuilding %s: %s", readModel, rebuild).isEqualTo(200);
        }

        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
            JsonNode processors = owner().get("/api/v1/admin/projections").data().path("items");
            for (JsonNode processor : processors) {
                if (READ_MODELS.contains(processor.path("name").asText())) {
                    // a replay is reported until an event past its end arrives; caught up is what matters here
                    assertThat(processor.path("status").asText()).as("%s", processor).isIn("running", "replaying");
                    assertThat(processor.path("lag").asLong()).as("%s", processor).isZero();
                    assertThat(processor.path("parked").asLong()).as("%s", processor).isZero();
                }
            }
        });
        JsonNode rebuilt = sandbox().get("/api/v1/sandbox/state").data();
        assertThat(ids(rebuilt.path("drivers"))).containsExactly(driver);
        assertThat(rebuilt.path("payouts")).isEmpty();
        assertThat(rebuilt.path("balance").asLong()).isEqualTo(2_500);
        assertThat(sandbox().get("/api/v1/funding/transactions").data().path("items")).isEqualTo(liveTransactions);
        assertThat(sandbox().get("/api/v1/batches").data().path("items")).isEmpty();
    }

    @Test
    void resetDuringRailProcessingBringsNoPayoutOrMoneyBack() {
        topUp(100_000);
        await().atMost(SETTLE).until(() ->
                sandbox().get("/api/v1/balance").data().path("available").asLong() == 100_000);
        String driver = payableDriver();
        List<String> payouts = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            payouts.add(sandbox().post("/api/v1/payouts", "{\"driverId\":\"%s\",\"amount\":%d}"
                    .formatted(driver, 1_000 + i)).data().path("id").asText());
            payouts.add(sandbox().post("/api/v1/payouts/instant", "{\"driverId\":\"%s\",\"amount\":%d}"
                    .formatted(driver, 2_000 + i)).data().path("id").asText());
        }
        assertThat(count("select count(*) from rail_job where payout_id = any(?)", payouts))
                .as("payouts on the rail when the reset starts").isPositive();

        assertThat(sandbox().post("/api/v1/sandbox/reset", null).status()).isEqualTo(200);

        // past every step the rail had planned: nothing it still held may bring a payout or money back
        await().pollDelay(Duration.ofSeconds(3)).atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
            assertThat(count("select count(*) from rail_job where payout_id = any(?)", payouts)).isZero();
            assertThat(count("select count(*) from rail_payment where payout_id = any(?)", payouts)).isZero();
            assertThat(count("select count(*) from payout_view where id = any(?)", payouts)).isZero();
        });
        JsonNode state = sandbox().get("/api/v1/sandbox/state").data();
        assertThat(state.path("payouts")).isEmpty();
        assertThat(state.path("balance").asLong()).isZero();
        assertThat(sandbox().get("/api/v1/funding/transactions").data().path("items")).isEmpty();
        for (String payout : payouts) {
            assertThat(sandbox().get("/api/v1/payouts/" + payout).status()).isEqualTo(404);
        }
    }

    private String payableDriver() {
        String id = sandbox().post("/api/v1/drivers", Api.driverJson(Api.uniqueSvcDriverId())).data().path("id")
                .asText();
        await().atMost(SETTLE).until(() -> sandbox().get("/api/v1/drivers/" + id).data().path("kycStatus").asText()
                .equals("verified"));
        return id;
    }

    private void topUp(long amount) {
        Api.Response topUp = sandbox().post("/api/v1/funding/topup", "{\"amount\":%d}".formatted(amount));
        assertThat(topUp.status()).as("top-up: %s", topUp).isEqualTo(200);
    }

    private long count(String sql, List<String> ids) {
        return application.getBean(JdbcTemplate.class).query(sql, statement -> statement.setArray(1,
                statement.getConnection().createArrayOf("varchar", ids.toArray())), result -> {
            result.next();
            return result.getLong(1);
        });
    }

    private synchronized Api sandbox() {
        if (sandbox == null) {
            sandbox = owner().withNewKey("sandbox", Api.ALL_SCOPES);
        }
        return sandbox.withBearer(sandbox.bearer());
    }

    private Api owner() {
        return Api.of(application).signedIn(OWNER_EMAIL, OWNER_PASSWORD);
    }

    private static List<String> ids(JsonNode items) {
        return StreamSupport.stream(items.spliterator(), false).map(item -> item.path("id").asText()).toList();
    }
}
