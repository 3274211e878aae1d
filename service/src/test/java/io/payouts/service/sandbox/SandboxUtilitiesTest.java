package io.payouts.service.sandbox;

import com.fasterxml.jackson.databind.JsonNode;
import io.payouts.sandbox.SandboxSeed;
import io.payouts.service.support.Api;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.StreamSupport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** Seed, state and reset, with a sandbox key; a production key may use none of them and never notices them. */
class SandboxUtilitiesTest extends SandboxIntegrationTest {

    private static final Duration SETTLE = Duration.ofSeconds(15);

    @BeforeEach
    void startFromAnEmptySandbox() {
        assertThat(sandbox().post("/api/v1/sandbox/reset", null).status()).isEqualTo(200);
    }

    @Test
    void seedPlantsAFundedWalletDriversAndPayoutsInSeveralStates() {
        Api.Response seeded = sandbox().post("/api/v1/sandbox/seed", null);

        assertThat(seeded.status()).as("seed: %s", seeded).isEqualTo(200);
        assertThat(seeded.body().path("message").asText()).isNotBlank();
        assertThat(seeded.data().path("drivers").asInt()).isEqualTo(15);
        assertThat(seeded.data().path("payouts").asInt()).isEqualTo(9 + SandboxSeed.SCHEDULED_BATCH_PAYOUTS);

        Api.Response state = sandbox().get("/api/v1/sandbox/state");
        assertThat(state.status()).isEqualTo(200);
        JsonNode drivers = state.data().path("drivers");
        assertThat(drivers.isArray()).isTrue();
        assertThat(drivers).hasSize(15);
        assertThat(values(drivers, "kycStatus")).filteredOn("verified"::equals).hasSize(12);
        assertThat(values(drivers, "kycStatus")).filteredOn("pending"::equals).hasSize(3);
        JsonNode payouts = state.data().path("payouts");
        assertThat(payouts).hasSize(9 + SandboxSeed.SCHEDULED_BATCH_PAYOUTS);
        assertThat(values(payouts, "status")).contains("completed", "failed", "canceled", "pending");
        long completedAndInFlight = StreamSupport.stream(payouts.spliterator(), false)
                .filter(payout -> !List.of("failed", "canceled", "pending").contains(payout.path("status").asText()))
                .mapToLong(payout -> payout.path("amount").asLong()).sum();
        assertThat(state.data().path("balance").asLong()).as("funding less what the payouts hold or paid")
                .isEqualTo(SandboxSeed.FUNDING - completedAndInFlight);
        JsonNode scheduled = sandbox().get("/api/v1/scheduled-payouts").data().path("items");
        assertThat(scheduled).hasSize(1);
        assertThat(scheduled.get(0).path("status").asText()).isEqualTo("queued");
        assertThat(scheduled.get(0).path("payoutCount").asInt()).isEqualTo(SandboxSeed.SCHEDULED_BATCH_PAYOUTS);
        assertThat(sandbox().get("/api/v1/scheduled-payouts/stats").data().path("nextScheduled").asText())
                .isEqualTo(scheduled.get(0).path("scheduledFor").asText());
    }

    @Test
    void aSecondSeedIsAConflictAndPlantsNothingMoreUntilAReset() {
        assertThat(sandbox().post("/api/v1/sandbox/seed", null).status()).isEqualTo(200);
        JsonNode before = sandbox().get("/api/v1/sandbox/state").data();

        Api.Response again = sandbox().post("/api/v1/sandbox/seed", null);

        assertThat(again.status()).as("second seed: %s", again).isEqualTo(409);
        assertThat(again.error().path("code").asText()).isEqualTo("CONFLICT");
        assertThat(again.error().path("message").asText()).contains("reset");
        JsonNode after = sandbox().get("/api/v1/sandbox/state").data();
        // the rail moves the seeded payouts on meanwhile; what must not change is who and what is there
        assertThat(values(after.path("drivers"), "id")).isEqualTo(values(before.path("drivers"), "id"));
        assertThat(values(after.path("payouts"), "id")).isEqualTo(values(before.path("payouts"), "id"));
        assertThat(after.path("balance")).as("no second funding").isEqualTo(before.path("balance"));
        assertThat(sandbox().post("/api/v1/sandbox/reset", null).status()).isEqualTo(200);
        Api.Response afterReset = sandbox().post("/api/v1/sandbox/seed", null);
        assertThat(afterReset.status()).as("seed after a reset: %s", afterReset).isEqualTo(200);
        assertThat(afterReset.body().path("message").asText()).startsWith("planted");
        assertThat(sandbox().get("/api/v1/sandbox/state").data().path("drivers")).hasSize(15);
    }

    @Test
    void seededDriversArePayableAtOnce() {
        sandbox().post("/api/v1/sandbox/seed", null);
        JsonNode verified = StreamSupport.stream(sandbox().get("/api/v1/sandbox/state").data().path("drivers")
                .spliterator(), false).filter(driver -> driver.path("kycStatus").asText().equals("verified"))
                .findFirst().orElseThrow();

        Api.Response payout = sandbox().post("/api/v1/payouts",
                "{\"driverId\":\"%s\",\"amount\":1500}".formatted(verified.path("id").asText()));

        assertThat(payout.status()).as("payout: %s", payout).isEqualTo(200);
    }

    @Test
    void stateOfAnEmptySandboxIsEmpty() {
        Api.Response state = sandbox().get("/api/v1/sandbox/state");

        assertThat(state.status()).isEqualTo(200);
        assertThat(state.data().path("drivers").isArray()).isTrue();
        assertThat(state.data().path("drivers")).isEmpty();
        assertThat(state.data().path("payouts").isArray()).isTrue();
        assertThat(state.data().path("payouts")).isEmpty();
        assertThat(state.data().path("balance").isIntegralNumber()).isTrue();
        assertThat(state.data().path("balance").asLong()).isZero();
    }

    @Test
    void resetClearsTheSandboxAndItsOldIdsAre404() {
        sandbox().post("/api/v1/sandbox/seed", null);
        String svcDriverId = Api.uniqueSvcDriverId();
        String driver = sandbox().post("/api/v1/drivers", Api.driverJson(svcDriverId)).data().path("id").asText();
        JsonNode state = sandbox().get("/api/v1/sandbox/state").data();
        String seededDriver = state.path("drivers").get(0).path("id").asText();
        String payout = state.path("payouts").get(0).path("id").asText();
        String seededBatch = sandbox().get("/api/v1/batches").data().path("items").get(0).path("id").asText();

        Api.Response reset = sandbox().post("/api/v1/sandbox/reset", null);

        assertThat(reset.status()).as("reset: %s", reset).isEqualTo(200);
        assertThat(reset.body().path("message").asText()).isNotBlank();
        JsonNode after = sandbox().get("/api/v1/sandbox/state").data();
        assertThat(after.path("drivers")).isEmpty();
        assertThat(after.path("payouts")).isEmpty();
        assertThat(after.path("balance").asLong()).isZero();
        assertThat(sandbox().get("/api/v1/balance").data().path("available").asLong()).isZero();
        assertThat(sandbox().get("/api/v1/funding/transactions").data().path("items")).isEmpty();
        assertThat(sandbox().get("/api/v1/drivers/" + driver).status()).isEqualTo(404);
        assertThat(sandbox().get("/api/v1/drivers/" + seededDriver).status()).isEqualTo(404);
        assertThat(sandbox().get("/api/v1/payouts/" + payout).status()).isEqualTo(404);
        assertThat(sandbox().get("/api/v1/batches").data().path("items")).isEmpty();
        assertThat(sandbox().get("/api/v1/scheduled-payouts/stats").data().path("total").asInt()).isZero();
        Api.Response release = sandbox().post("/api/v1/batches/" + seededBatch + "/release", null);
        assertThat(release.status()).as("releasing an old batch: %s", release).isEqualTo(404);
        Api.Response verify = sandbox().post("/api/v1/drivers/" + driver + "/kyc", "{\"outcome\":\"verified\"}");
        assertThat(verify.status()).as("a command to an old driver: %s", verify).isEqualTo(404);
        assertThat(verify.error().path("code").asText()).isEqualTo("NOT_FOUND");
        assertThat(sandbox().post("/api/v1/payouts/" + payout + "/cancel", null).status()).isEqualTo(404);
        assertThat(sandbox().post("/api/v1/drivers", Api.driverJson(svcDriverId)).status())
                .as("the external id is free again").isEqualTo(200);
    }

    @Test
    void theWalletStartsAgainAtZeroAfterAReset() {
        topUp(sandbox(), 10_000);
        sandbox().post("/api/v1/sandbox/reset", null);

        topUp(sandbox(), 2_500);

        await().atMost(SETTLE).untilAsserted(() ->
                assertThat(sandbox().get("/api/v1/balance").data().path("available").asLong()).isEqualTo(2_500));
        assertThat(sandbox().get("/api/v1/funding/transactions").data().path("items")).hasSize(1);
    }

    @Test
    void resetLeavesProductionUntouched() {
        String driver = production().post("/api/v1/drivers", Api.driverJson(Api.uniqueSvcDriverId()))
                .data().path("id").asText();
        assertThat(production().post("/api/v1/drivers/" + driver + "/kyc", "{\"outcome\":\"verified\"}").status())
                .isEqualTo(200);
        String topUp = topUp(production(), 50_000);
        assertThat(owner().post("/api/v1/admin/funding/topups/" + topUp + "/settle", null).status()).isEqualTo(200);
        Api.Response payout = production().post("/api/v1/payouts",
                "{\"driverId\":\"%s\",\"amount\":4000}".formatted(driver));
        assertThat(payout.status()).as("production payout: %s", payout).isEqualTo(200);
        String payoutId = payout.data().path("id").asText();
        await().atMost(SETTLE).until(() -> production().get("/api/v1/payouts/" + payoutId).data()
                .path("status").asText().equals("completed"));
        sandbox().post("/api/v1/sandbox/seed", null);
        JsonNode driverBefore = production().get("/api/v1/drivers/" + driver).data();
        JsonNode payoutBefore = production().get("/api/v1/payouts/" + payoutId).data();
        JsonNode balanceBefore = production().get("/api/v1/balance").data();
        JsonNode transactionsBefore = production().get("/api/v1/funding/transactions").data();
        long productionEvents = productionEvents(List.of(driver, payoutId, "wallet_production"));

        assertThat(sandbox().post("/api/v1/sandbox/reset", null).status()).isEqualTo(200);

        assertThat(production().get("/api/v1/drivers/" + driver).data()).isEqualTo(driverBefore);
        assertThat(production().get("/api/v1/payouts/" + payoutId).data()).isEqualTo(payoutBefore);
        assertThat(production().get("/api/v1/balance").data()).isEqualTo(balanceBefore);
        assertThat(production().get("/api/v1/funding/transactions").data()).isEqualTo(transactionsBefore);
        assertThat(productionEvents(List.of(driver, payoutId, "wallet_production"))).isEqualTo(productionEvents);
        assertThat(production().post("/api/v1/drivers/" + driver + "/kyc", "{\"outcome\":\"verified\"}").status())
                .as("the production driver still answers commands").isEqualTo(409);
    }

    @Test
    void resetDeletesTheSandboxWebhookSubscriptionsAndLogsButNotProductions() {
        String subscription = "{\"url\":\"http://127.0.0.1:9/hook\",\"events\":[\"payout.created\"]}";
        Api.Response sandboxHook = sandbox().post("/api/v1/webhooks", subscription);
        Api.Response productionHook = production().post("/api/v1/webhooks", subscription);
        assertThat(sandboxHook.status()).as("sandbox subscription: %s", sandboxHook).isEqualTo(200);
        assertThat(productionHook.status()).as("production subscription: %s", productionHook).isEqualTo(200);
        sandbox().post("/api/v1/sandbox/seed", null);
        await().atMost(SETTLE).until(() -> sandbox().get("/api/v1/webhooks/logs").data().path("items").size() > 0);

        assertThat(sandbox().post("/api/v1/sandbox/reset", null).status()).isEqualTo(200);

        assertThat(sandbox().get("/api/v1/webhooks").data().path("items")).isEmpty();
        assertThat(sandbox().get("/api/v1/webhooks/logs").data().path("items")).isEmpty();
        assertThat(values(production().get("/api/v1/webhooks").data().path("items"), "id"))
                .contains(productionHook.data().path("id").asText());
    }

    @Test
    void aProductionKeyMayNotUseTheSandboxUtilities() {
        for (Api.Response response : List.of(production().post("/api/v1/sandbox/seed", null),
                production().get("/api/v1/sandbox/state"), production().post("/api/v1/sandbox/reset", null))) {
            assertThat(response.status()).as("%s", response).isEqualTo(403);
            assertThat(response.error().path("code").asText()).isEqualTo("FORBIDDEN");
        }
    }

    @Test
    void anySandboxKeyMayUseTheUtilitiesWhateverItsScopes() {
        Api readOnly = owner().withNewKey("sandbox", List.of("balance:read"));

        assertThat(readOnly.get("/api/v1/sandbox/state").status()).isEqualTo(200);
        assertThat(readOnly.post("/api/v1/sandbox/reset", null).status()).isEqualTo(200);
    }

    @Test
    void resetDuringRailProcessingLeavesNothingBehind() {
        topUp(sandbox(), 100_000);
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
        JdbcTemplate jdbc = application.getBean(JdbcTemplate.class);
        assertThat(count(jdbc, "select count(*) from rail_job where payout_id = any(?)", payouts))
                .as("payouts on the rail when the reset starts").isPositive();

        assertThat(sandbox().post("/api/v1/sandbox/reset", null).status()).isEqualTo(200);

        // past every step the rail had planned: nothing it still held may bring a payout or money back
        await().pollDelay(Duration.ofSeconds(3)).atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
            assertThat(count(jdbc, "select count(*) from rail_job where payout_id = any(?)", payouts)).isZero();
            assertThat(count(jdbc, "select count(*) from rail_payment where payout_id = any(?)", payouts)).isZero();
            assertThat(count(jdbc, "select count(*) from domain_event_entry where aggregate_identifier = any(?)",
                    payouts)).isZero();
            assertThat(count(jdbc, "select count(*) from payout_view where id = any(?)", payouts)).isZero();
            assertThat(count(jdbc, "select count(*) from domain_event_entry where aggregate_identifier = any(?)",
                    List.of("wallet_sandbox"))).isZero();
        });
        JsonNode state = sandbox().get("/api/v1/sandbox/state").data();
        assertThat(state.path("payouts")).isEmpty();
        assertThat(state.path("balance").asLong()).isZero();
        assertThat(sandbox().get("/api/v1/funding/transactions").data().path("items")).isEmpty();
    }

    private String payableDriver() {
        String id = sandbox().post("/api/v1/drivers", Api.driverJson(Api.uniqueSvcDriverId())).data().path("id")
                .asText();
        await().atMost(SETTLE).until(() -> sandbox().get("/api/v1/drivers/" + id).data().path("kycStatus").asText()
                .equals("verified"));
        return id;
    }

    private String topUp(Api api, long amount) {
        Api.Response topUp = api.post("/api/v1/funding/topup", "{\"amount\":%d}".formatted(amount));
        assertThat(topUp.status()).as("top-up: %s", topUp).isEqualTo(200);
        return topUp.data().path("transactionId").asText();
    }

    private long productionEvents(List<String> aggregates) {
        return count(application.getBean(JdbcTemplate.class),
                "select count(*) from domain_event_entry where aggregate_identifier = any(?)", aggregates);
    }

    private static long count(JdbcTemplate jdbc, String sql, List<String> ids) {
        return jdbc.query(sql, statement -> statement.setArray(1,
                statement.getConnection().createArrayOf("varchar", ids.toArray())), result -> {
            result.next();
            return result.getLong(1);
        });
    }

    private static List<String> values(JsonNode items, String field) {
        return StreamSupport.stream(items.spliterator(), false).map(item -> item.path(field).asText()).toList();
    }
}
