package io.payouts.service.batch;

import com.fasterxml.jackson.databind.JsonNode;
import io.payouts.service.support.Api;
import io.payouts.service.support.HttpIntegrationTest;
import io.payouts.service.support.WalletInvariant;
import io.payouts.service.support.WalletInvariant.Balance;
import org.axonframework.deadline.DeadlineManager;
import org.axonframework.deadline.dbscheduler.DbSchedulerDeadlineManager;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The batch and scheduled-payout endpoints over HTTP (interface-spec.md, Batches and Scheduled payouts;
 * decisions.md, States: Batch; ADR-0013). The shared context runs the rail with 2 s delays and db-scheduler polling
 * every second, so released batches complete and scheduled ones release themselves within seconds. Batches a
 * test leaves queued have their payouts canceled, so they add nothing to the shared sandbox's funding projection.
 */
class BatchEndpointsTest extends HttpIntegrationTest {

    private static final Duration RAIL_TIMEOUT = Duration.ofSeconds(45);
    private static final Duration PROJECTION_TIMEOUT = Duration.ofSeconds(10);
    private static final String UNKNOWN_DRIVER = "drv_" + "f".repeat(32);

    @Autowired
    private DeadlineManager deadlines;

    @BeforeEach
    void noPayoutInFlight() {
        WalletInvariant.awaitNoPayoutInFlight(api());
    }

    // ---- create ---------------------------------------------------------------------------------------------

    @Test
    void createsAQueuedBatchWithItsTotalsAndFeesAndReservesNothing() {
        String ana = payableDriver();
        String ben = payableDriver();
        Balance before = WalletInvariant.quietBalance(api());

        Api.Response response = api().post("/api/v1/batches", """
                {"name":"Weekly run","urgency":"instant","payouts":[
                  {"driverId":"%s","amount":10000,"loadId":"load-1","description":"week 1"},
                  {"driverId":"%s","amount":2000,"description":"week 1"}]}""".formatted(ana, ben));

        assertThat(response.status()).as("%s", response).isEqualTo(200);
        JsonNode batch = response.data();
        String id = batch.path("id").asText();
        assertThat(id).matches("batch_[0-9a-f]{32}");
        assertThat(batch.path("name").asText()).isEqualTo("Weekly run");
        assertThat(batch.path("payoutCount").asInt()).isEqualTo(2);
        assertThat(batch.path("totalAmount").asLong()).isEqualTo(12_000);
        assertThat(batch.path("totalFees").asLong()).as("1.5 %% of 10000, and the 50 minimum").isEqualTo(150 + 50);
        assertThat(batch.path("netAmount").asLong()).isEqualTo(12_000 - 200);
        assertThat(batch.path("status").asText()).isEqualTo("queued");
        assertThat(Instant.parse(batch.path("createdAt").asText())).isBeforeOrEqualTo(Instant.now());
        assertThat(batch.has("scheduledFor")).isFalse();
        assertThat(batch.has("payouts")).as("payouts only on get-details").isFalse();

        Api.Response read = api().get("/api/v1/batches/" + id);
        assertThat(read.status()).as("GET right after the create: %s", read).isEqualTo(200);
        assertThat(read.data().path("totalAmount").asLong()).isEqualTo(12_000);
        JsonNode payouts = read.data().path("payouts");
        assertThat(payouts).hasSize(2);
        Map<String, JsonNode> byDriver = new java.util.HashMap<>();
        payouts.forEach(payout -> byDriver.put(payout.path("driverId").asText(), payout));
        assertThat(byDriver.get(ana).path("id").asText()).matches("pay_[0-9a-f]{32}");
        assertThat(byDriver.get(ana).path("driverName").asText()).isEqualTo("Ana Diaz");
        assertThat(byDriver.get(ana).path("amount").asLong()).isEqualTo(10_000);
        assertThat(byDriver.get(ana).path("status").asText()).as("waits for the release").isEqualTo("pending");
        assertThat(byDriver.get(ben).path("amount").asLong()).isEqualTo(2_000);

        JsonNode payout = api().get("/api/v1/payouts/" + byDriver.get(ana).path("id").asText()).data();
        assertThat(payout.path("batchId").asText()).isEqualTo(id);
        assertThat(payout.path("fee").asLong()).isEqualTo(150);
        assertThat(WalletInvariant.quietBalance(api())).as("funds are reserved on release only").isEqualTo(before);
        cancelPayoutsOf(id);
    }

    @Test
    void aBatchWithAnyInvalidItemIsRejectedWholeNamingEachItem() {
        String payable = payableDriver();
        String unverified = api().registerDriver().path("id").asText();
        long batchesBefore = api().get("/api/v1/batches").data().path("total").asLong();

        Api.Response response = api().post("/api/v1/batches", """
                {"name":"Mixed","urgency":"standard","payouts":[
                  {"driverId":"%s","amount":1000},
                  {"driverId":"%s","amount":1000},
                  {"driverId":"%s","amount":0},
                  {"driverId":"%s","amount":1000},
                  {"amount":1000},
                  {"driverId":"%s","amount":-5,"loadId":"%s"}]}""".formatted(payable, UNKNOWN_DRIVER, payable,
                unverified, UNKNOWN_DRIVER, "x".repeat(101)));

        assertThat(response.status()).as("%s", response).isEqualTo(400);
        assertThat(response.error().path("code").asText()).isEqualTo("VALIDATION_ERROR");
        JsonNode details = response.error().path("details");
        assertThat(details.has("payouts[0].driverId") || details.has("payouts[0].amount"))
                .as("the valid item is not named: %s", details).isFalse();
        assertThat(details.has("payouts[1].driverId")).as("unknown driver: %s", details).isTrue();
        assertThat(details.has("payouts[2].amount")).as("amount 0: %s", details).isTrue();
        assertThat(details.has("payouts[3].driverId")).as("driver not payable: %s", details).isTrue();
        assertThat(details.has("payouts[4].driverId")).as("missing driver: %s", details).isTrue();
        assertThat(details.has("payouts[5].driverId") && details.has("payouts[5].amount")
                && details.has("payouts[5].loadId")).as("every bad field of one item: %s", details).isTrue();
        assertThat(api().get("/api/v1/batches").data().path("total").asLong()).as("nothing was created")
                .isEqualTo(batchesBefore);
    }

    @Test
    void batchLevelRulesAre400NamingTheField() {
        String driver = payableDriver();
        String item = "{\"driverId\":\"%s\",\"amount\":100}".formatted(driver);

        assertField(api().post("/api/v1/batches", "{\"urgency\":\"standard\",\"payouts\":[" + item + "]}"), "name");
        assertField(api().post("/api/v1/batches", "{\"name\":\"x\",\"payouts\":[]}"), "payouts");
        assertField(api().post("/api/v1/batches", "{\"name\":\"x\",\"urgency\":\"soon\",\"payouts\":[" + item + "]}"),
                "urgency");
        String tooMany = String.join(",", java.util.Collections.nCopies(1_001, item));
        assertField(api().post("/api/v1/batches", "{\"name\":\"x\",\"payouts\":[" + tooMany + "]}"), "payouts");
        assertField(api().post("/api/v1/batches", "{\"name\":\"x\",\"payouts\":[" + item + "],\"scheduledFor\":\""
                + Instant.now().minusSeconds(60) + "\"}"), "scheduledFor");
        assertField(api().post("/api/v1/batches", "{\"name\":\"x\",\"payouts\":[" + item + "],\"scheduledFor\":"
                + "\"next friday\"}"), "scheduledFor");
    }

    /**
     * In production mode, whose funding projection no other test reads: the batch stays queued, and canceling a
     * thousand payouts one by one would take most of a minute here.
     */
    @Test
    void aThousandPayoutsAreOneBatch() {
        Api production = productionKey();
        String driver = production.registerDriver().path("id").asText();
        assertThat(production.post("/api/v1/drivers/" + driver + "/kyc", "{\"outcome\":\"verified\"}").status())
                .isEqualTo(200);
        List<String> items = new ArrayList<>();
        for (int i = 0; i < 1_000; i++) {
            items.add("{\"driverId\":\"%s\",\"amount\":%d}".formatted(driver, 100 + i));
        }

        Api.Response response = production.post("/api/v1/batches", "{\"name\":\"Big\",\"payouts\":["
                + String.join(",", items) + "]}");

        assertThat(response.status()).as("%s", response).isEqualTo(200);
        assertThat(response.data().path("payoutCount").asInt()).isEqualTo(1_000);
        assertThat(response.data().path("totalAmount").asLong()).isEqualTo(1_000 * 100 + 999 * 1_000 / 2);
        String id = response.data().path("id").asText();
        assertThat(production.get("/api/v1/batches?pageSize=100").data().path("items").findValuesAsText("id"))
                .as("listed once the read model has it").contains(id);
        List<Long> amounts = new ArrayList<>();
        production.get("/api/v1/batches/" + id).data().path("payouts")
                .forEach(payout -> amounts.add(payout.path("amount").asLong()));
        assertThat(amounts).as("the payouts in the order of the request, though they share their requested_at")
                .isEqualTo(java.util.stream.LongStream.range(100, 1_100).boxed().toList());
        assertThat(api().get("/api/v1/batches/" + id).status()).as("a sandbox key does not see it").isEqualTo(404);
        assertThat(api().post("/api/v1/batches/" + id + "/release", null).status()).isEqualTo(404);
    }

    // ---- release and run ------------------------------------------------------------------------------------

    @Test
    void releaseReservesTheWholeBatchAndItCompletesOnTheRail() {
        String driver = payableDriver();
        fund(3_000);
        String id = createdBatch(driver, 1_000, 2_000);
        Balance before = WalletInvariant.quietBalance(api());

        Api.Response released = api().post("/api/v1/batches/" + id + "/release", null);

        assertThat(released.status()).as("%s", released).isEqualTo(200);
        assertThat(released.data().path("id").asText()).isEqualTo(id);
        assertThat(released.data().path("status").asText()).isEqualTo("processing");
        assertThat(Instant.parse(released.data().path("releasedAt").asText())).isBeforeOrEqualTo(Instant.now());
        JsonNode read = api().get("/api/v1/batches/" + id).data();
        assertThat(read.path("status").asText()).as("GET right after the release").isEqualTo("processing");
        assertThat(read.path("releasedAt").asText()).isEqualTo(released.data().path("releasedAt").asText());
        read.path("payouts").forEach(payout -> assertThat(payout.path("status").asText())
                .isIn("validated", "queued", "processing", "completed"));
        Balance after = WalletInvariant.quietBalance(api());
        assertThat(after.available()).as("both reserved").isLessThanOrEqualTo(before.available() - 3_000);

        JsonNode completed = awaitBatchStatus(id, "completed");
        assertThat(Instant.parse(completed.path("completedAt").asText()))
                .isAfterOrEqualTo(Instant.parse(completed.path("releasedAt").asText()));
        completed.path("payouts").forEach(payout -> assertThat(payout.path("status").asText()).isEqualTo("completed"));

        assertState(api().post("/api/v1/batches/" + id + "/release", null));
        assertState(api().post("/api/v1/batches/" + id + "/run", null));
        WalletInvariant.assertHoldsOnceSettled(api());
    }

    @Test
    void runProcessesAScheduledBatchAtOnce() {
        String driver = payableDriver();
        fund(500);
        String id = createdBatch(driver, List.of(500L), Instant.now().plus(1, ChronoUnit.DAYS));

        Api.Response run = api().post("/api/v1/batches/" + id + "/run", null);

        assertThat(run.status()).as("%s", run).isEqualTo(200);
        assertThat(run.data().path("status").asText()).isEqualTo("processing");
        assertThat(run.data().path("processedAt").asText()).isNotBlank();
        assertThat(run.data().has("releasedAt")).isFalse();
        assertState(api().post("/api/v1/batches/" + id + "/run", null));
        assertState(api().post("/api/v1/batches/" + id + "/release", null));
        awaitBatchStatus(id, "completed");
        WalletInvariant.assertHoldsOnceSettled(api());
    }

    /** A regression: the batch once paid a driver deleted after it was created. */
    @Test
    void aDriverDeactivatedAfterTheBatchWasCreatedIsNotPaidAndTheRestOfTheBatchIs() {
        String staying = payableDriver();
        String leaving = payableDriver();
        fund(3_000);
        Api.Response created = api().post("/api/v1/batches",
                batchJson("Batch", List.of(staying, leaving), List.of(1_000L, 2_000L), null));
        assertThat(created.status()).as("%s", created).isEqualTo(200);
        String id = created.data().path("id").asText();
        assertThat(api().delete("/api/v1/drivers/" + leaving).status()).isEqualTo(200);
        Balance before = WalletInvariant.quietBalance(api());

        Api.Response released = api().post("/api/v1/batches/" + id + "/release", null);

        assertThat(released.status()).as("%s", released).isEqualTo(200);
        Balance after = WalletInvariant.quietBalance(api());
        assertThat(after.available()).as("only the payable driver's payout reserved")
                .isEqualTo(before.available() - 1_000);
        JsonNode completed = awaitBatchStatus(id, "completed");
        Map<String, JsonNode> byDriver = new java.util.HashMap<>();
        completed.path("payouts").forEach(payout -> byDriver.put(payout.path("driverId").asText(), payout));
        assertThat(byDriver.get(staying).path("status").asText()).isEqualTo("completed");
        assertThat(byDriver.get(leaving).path("status").asText()).isEqualTo("failed");
        JsonNode failed = api().get("/api/v1/payouts/" + byDriver.get(leaving).path("id").asText()).data();
        assertThat(failed.path("status").asText()).isEqualTo("failed");
        assertThat(failed.has("completedAt") && !failed.path("completedAt").isNull()).isFalse();
        JsonNode driver = api().get("/api/v1/drivers?status=inactive&pageSize=100").data();
        driver.path("items").forEach(item -> {
            if (item.path("id").asText().equals(leaving)) {
                assertThat(item.path("totalPaid").asLong()).as("the inactive driver was paid nothing").isZero();
            }
        });
        Api.Response single = api().post("/api/v1/payouts",
                "{\"driverId\":\"%s\",\"amount\":100}".formatted(leaving));
        assertThat(single.status()).as("%s", single).isEqualTo(422);
        assertThat(single.error().path("code").asText()).isEqualTo("DRIVER_NOT_PAYABLE");
        WalletInvariant.assertHoldsOnceSettled(api());
    }

    @Test
    void aBatchCannotBeCreatedForADriverWhoIsNotPayable() {
        String leaving = payableDriver();
        assertThat(api().delete("/api/v1/drivers/" + leaving).status()).isEqualTo(200);

        Api.Response refused = api().post("/api/v1/batches",
                batchJson("Batch", List.of(leaving), List.of(1_000L), null));

        assertField(refused, "payouts[0].driverId");
    }

    @Test
    void aReleaseTheWalletCannotCoverIsRefusedAndNothingMoves() {
        String driver = payableDriver();
        Balance before = WalletInvariant.quietBalance(api());
        long half = before.available() / 2 + 1;
        String id = createdBatch(driver, half, half);

        Api.Response refused = api().post("/api/v1/batches/" + id + "/release", null);

        assertThat(refused.status()).as("%s", refused).isEqualTo(400);
        assertThat(refused.error().path("code").asText()).isEqualTo("INSUFFICIENT_FUNDS");
        assertThat(api().post("/api/v1/batches/" + id + "/run", null).status()).isEqualTo(400);
        JsonNode batch = api().get("/api/v1/batches/" + id).data();
        assertThat(batch.path("status").asText()).isEqualTo("queued");
        batch.path("payouts").forEach(payout -> assertThat(payout.path("status").asText()).isEqualTo("pending"));
        assertThat(WalletInvariant.quietBalance(api())).as("nothing reserved").isEqualTo(before);
        cancelPayoutsOf(id);
    }

    @Test
    void theSandboxScenariosForceARefusedReleaseAndFailedPayouts() {
        String driver = payableDriver();
        fund(700);
        String refused = createdBatch(driver, 100);
        Api.Response insufficient = api().header("X-Sandbox-Scenario", "insufficient_funds")
                .post("/api/v1/batches/" + refused + "/release", null);
        assertThat(insufficient.status()).as("%s", insufficient).isEqualTo(400);
        assertThat(insufficient.error().path("code").asText()).isEqualTo("INSUFFICIENT_FUNDS");
        assertThat(api().header("X-Sandbox-Scenario", "insufficient_funds")
                .post("/api/v1/batches/" + refused + "/run", null).status()).isEqualTo(400);
        assertThat(api().get("/api/v1/batches/" + refused).data().path("status").asText()).isEqualTo("queued");
        cancelPayoutsOf(refused);

        Api.Response failing = api().header("X-Sandbox-Scenario", "payout_failed").post("/api/v1/batches",
                batchJson("Failing", List.of(driver, driver), List.of(300L, 300L), null));
        assertThat(failing.status()).as("%s", failing).isEqualTo(200);
        String id = failing.data().path("id").asText();
        assertThat(api().post("/api/v1/batches/" + id + "/release", null).status()).isEqualTo(200);

        JsonNode failed = awaitBatchStatus(id, "failed");
        assertThat(failed.path("completedAt").asText()).isNotBlank();
        failed.path("payouts").forEach(payout -> assertThat(payout.path("status").asText()).isEqualTo("failed"));

        fund(600);
        String failingOnRelease = createdBatch(driver, 250, 350);
        assertThat(api().header("X-Sandbox-Scenario", "payout_failed")
                .post("/api/v1/batches/" + failingOnRelease + "/release", null).status()).isEqualTo(200);
        awaitBatchStatus(failingOnRelease, "failed").path("payouts")
                .forEach(payout -> assertThat(payout.path("status").asText()).isEqualTo("failed"));
        WalletInvariant.assertHoldsOnceSettled(api());
    }

    @Test
    void cancelingABatchPayoutBeforeTheReleaseTakesItOutOfTheBatch() {
        String driver = payableDriver();
        fund(400);
        String id = createdBatch(driver, 100, 250, 300);
        List<String> payouts = payoutIds(id);
        JsonNode largest = null;
        for (JsonNode payout : api().get("/api/v1/batches/" + id).data().path("payouts")) {
            if (payout.path("amount").asLong() == 300) {
                largest = payout;
            }
        }
        assertThat(largest).as("the payout of 300").isNotNull();

        String canceledId = largest.path("id").asText();
        Api.Response canceled = api().post("/api/v1/payouts/" + canceledId + "/cancel", null);

        assertThat(canceled.status()).as("%s", canceled).isEqualTo(200);
        assertThat(canceled.data().path("status").asText()).isEqualTo("canceled");
        long left = 100 + 250;
        await("the batch's totals follow the cancel").atMost(PROJECTION_TIMEOUT).untilAsserted(() -> {
            JsonNode batch = api().get("/api/v1/batches/" + id).data();
            assertThat(batch.path("payoutCount").asInt()).isEqualTo(2);
            assertThat(batch.path("totalAmount").asLong()).isEqualTo(left);
            assertThat(batch.path("netAmount").asLong()).isEqualTo(left);
        });
        assertThat(api().post("/api/v1/batches/" + id + "/release", null).status()).isEqualTo(200);
        JsonNode done = awaitBatchStatus(id, "completed");
        assertThat(done.path("payoutCount").asInt()).isEqualTo(2);
        assertThat(done.path("payouts")).hasSize(payouts.size());
        assertThat(statuses(done)).containsEntry(canceledId, "canceled");
        WalletInvariant.assertHoldsOnceSettled(api());
    }

    @Test
    void unknownBatchesAreNotFound() {
        for (String id : List.of("batch_" + "0".repeat(32), "nonsense")) {
            assertThat(api().get("/api/v1/batches/" + id).status()).isEqualTo(404);
            assertThat(api().post("/api/v1/batches/" + id + "/release", null).status()).isEqualTo(404);
            assertThat(api().post("/api/v1/batches/" + id + "/run", null).status()).isEqualTo(404);
        }
    }

    // ---- lists ----------------------------------------------------------------------------------------------

    @Test
    void listsBatchesNewestFirstWithAValidatedStatusFilterAndPagesOfTwenty() {
        String driver = payableDriver();
        String older = createdBatch(driver, 100);
        String newer = createdBatch(driver, 100);

        JsonNode list = api().get("/api/v1/batches").data();
        assertThat(list.path("pageSize").asInt()).isEqualTo(20);
        assertThat(list.path("page").asInt()).isEqualTo(1);
        assertThat(list.has("hasNextPage")).isTrue();
        List<String> ids = ids(list);
        assertThat(ids).contains(older, newer);
        assertThat(ids.indexOf(newer)).isLessThan(ids.indexOf(older));
        JsonNode item = list.path("items").get(ids.indexOf(newer));
        assertThat(item.path("status").asText()).isEqualTo("queued");
        assertThat(item.path("payoutCount").asInt()).isEqualTo(1);
        assertThat(item.has("payouts")).isFalse();

        assertThat(ids(api().get("/api/v1/batches?status=queued&pageSize=100").data())).contains(newer);
        assertThat(ids(api().get("/api/v1/batches?status=completed&pageSize=100").data())).doesNotContain(newer);
        assertField(api().get("/api/v1/batches?status=done"), "status");
        assertField(api().get("/api/v1/batches?pageSize=101"), "pageSize");
        cancelPayoutsOf(older);
        cancelPayoutsOf(newer);
    }

    @Test
    void scheduledBatchesAreListedSummarizedAndProjectedOnTheirDay() {
        String driver = payableDriver();
        Instant scheduledFor = Instant.now().plus(3, ChronoUnit.DAYS).truncatedTo(ChronoUnit.SECONDS);
        JsonNode statsBefore = api().get("/api/v1/scheduled-payouts/stats").data();
        JsonNode projectionBefore = api().get("/api/v1/funding/projection?days=7").data();
        String unscheduled = createdBatch(driver, 100);
        String id = createdBatch(driver, List.of(4_000L, 1_000L), scheduledFor);

        Api.Response listed = api().get("/api/v1/scheduled-payouts?pageSize=100");
        assertThat(listed.status()).as("%s", listed).isEqualTo(200);
        assertThat(listed.data().has("hasNextPage")).as("not on this list (spec)").isFalse();
        List<String> ids = ids(listed.data());
        assertThat(ids).contains(id).doesNotContain(unscheduled);
        JsonNode item = listed.data().path("items").get(ids.indexOf(id));
        assertThat(item.path("name").asText()).isEqualTo("Batch");
        assertThat(item.path("payoutCount").asInt()).isEqualTo(2);
        assertThat(item.path("totalAmount").asLong()).isEqualTo(5_000);
        assertThat(item.path("status").asText()).isEqualTo("queued");
        assertThat(Instant.parse(item.path("scheduledFor").asText())).isEqualTo(scheduledFor);
        assertThat(item.path("createdAt").asText()).isNotBlank();
        assertThat(api().get("/api/v1/scheduled-payouts").data().path("pageSize").asInt()).isEqualTo(20);
        assertThat(ids(api().get("/api/v1/scheduled-payouts?status=processing&pageSize=100").data()))
                .doesNotContain(id);
        assertField(api().get("/api/v1/scheduled-payouts?status=soon"), "status");
        assertField(api().get("/api/v1/scheduled-payouts?pageSize=101"), "pageSize");

        JsonNode stats = api().get("/api/v1/scheduled-payouts/stats").data();
        assertThat(stats.path("total").asLong()).isEqualTo(statsBefore.path("total").asLong() + 1);
        assertThat(stats.path("byStatus").path("queued").asLong())
                .isEqualTo(statsBefore.path("byStatus").path("queued").asLong() + 1);
        for (String status : List.of("processing", "completed", "failed")) {
            assertThat(stats.path("byStatus").path(status).isIntegralNumber()).as(status).isTrue();
        }
        assertThat(stats.path("upcomingTotal").asLong())
                .isEqualTo(statsBefore.path("upcomingTotal").asLong() + 5_000);
        assertThat(Instant.parse(stats.path("nextScheduled").asText())).isBeforeOrEqualTo(scheduledFor);

        JsonNode projection = api().get("/api/v1/funding/projection?days=7").data();
        LocalDate day = LocalDate.ofInstant(scheduledFor, ZoneOffset.UTC);
        assertThat(outflowOn(projection, day) - outflowOn(projectionBefore, day))
                .as("the scheduled batch is due on its day").isEqualTo(5_000);
        assertThat(projection.path("projectedOutflow").asLong() - projectionBefore.path("projectedOutflow").asLong())
                .as("both batches are outflow in the window").isEqualTo(5_100);
        cancelPayoutsOf(id);
        cancelPayoutsOf(unscheduled);
    }

    @Test
    void releaseDeadlinesAreKeptInTheDatabase() {
        assertThat(deadlines).isInstanceOf(DbSchedulerDeadlineManager.class);
    }

    @Test
    void aScheduledBatchReleasesItselfAtItsTimeAndCompletes() {
        String driver = payableDriver();
        fund(800);
        Instant scheduledFor = Instant.now().plusSeconds(3);
        String id = createdBatch(driver, List.of(800L), scheduledFor);

        assertThat(api().get("/api/v1/batches/" + id).data().path("status").asText()).isEqualTo("queued");
        JsonNode released = awaitBatchStatus(id, "processing", "completed");
        assertThat(Instant.parse(released.path("releasedAt").asText())).isAfterOrEqualTo(scheduledFor);
        JsonNode done = awaitBatchStatus(id, "completed");
        assertThat(done.path("completedAt").asText()).isNotBlank();
        assertThat(api().get("/api/v1/scheduled-payouts?status=completed&pageSize=100").data().path("items")
                .findValuesAsText("id")).contains(id);
        WalletInvariant.assertHoldsOnceSettled(api());
    }

    // ---- helpers --------------------------------------------------------------------------------------------

    private String createdBatch(String driverId, long... amounts) {
        List<Long> list = new ArrayList<>();
        for (long amount : amounts) {
            list.add(amount);
        }
        return createdBatch(driverId, list, null);
    }

    private String createdBatch(String driverId, List<Long> amounts, Instant scheduledFor) {
        List<String> drivers = java.util.Collections.nCopies(amounts.size(), driverId);
        Api.Response response = api().post("/api/v1/batches", batchJson("Batch", drivers, amounts, scheduledFor));
        assertThat(response.status()).as("creating a batch: %s", response).isEqualTo(200);
        return response.data().path("id").asText();
    }

    private static String batchJson(String name, List<String> drivers, List<Long> amounts, Instant scheduledFor) {
        List<String> items = new ArrayList<>();
        for (int i = 0; i < drivers.size(); i++) {
            items.add("{\"driverId\":\"%s\",\"amount\":%d,\"description\":\"item %d\"}"
                    .formatted(drivers.get(i), amounts.get(i), i));
        }
        String schedule = scheduledFor == null ? "" : ",\"scheduledFor\":\"" + scheduledFor + "\"";
        return "{\"name\":\"%s\",\"urgency\":\"standard\",\"payouts\":[%s]%s}"
                .formatted(name, String.join(",", items), schedule);
    }

    private List<String> payoutIds(String batchId) {
        List<String> ids = new ArrayList<>();
        api().get("/api/v1/batches/" + batchId).data().path("payouts")
                .forEach(payout -> ids.add(payout.path("id").asText()));
        return ids;
    }

    /** Leaves a batch the test did not release holding nothing, so it adds nothing to the shared projection. */
    private void cancelPayoutsOf(String batchId) {
        for (String payoutId : payoutIds(batchId)) {
            Api.Response canceled = api().post("/api/v1/payouts/" + payoutId + "/cancel", null);
            assertThat(canceled.status()).as("canceling %s: %s", payoutId, canceled).isIn(200, 409);
        }
        await("batch " + batchId + " counts no payout").atMost(PROJECTION_TIMEOUT).untilAsserted(() ->
                assertThat(api().get("/api/v1/batches/" + batchId).data().path("totalAmount").asLong()).isZero());
    }

    private JsonNode awaitBatchStatus(String batchId, String... statuses) {
        List<JsonNode> seen = new ArrayList<>();
        await("batch " + batchId + " becomes " + String.join(" or ", statuses)).atMost(RAIL_TIMEOUT)
                .pollInterval(Duration.ofMillis(250)).untilAsserted(() -> {
                    JsonNode batch = api().get("/api/v1/batches/" + batchId).data();
                    seen.add(0, batch);
                    assertThat(batch.path("status").asText()).isIn((Object[]) statuses);
                });
        return seen.get(0);
    }

    private static Map<String, String> statuses(JsonNode batch) {
        List<JsonNode> payouts = new ArrayList<>();
        batch.path("payouts").forEach(payouts::add);
        return payouts.stream().collect(Collectors.toMap(payout -> payout.path("id").asText(),
                payout -> payout.path("status").asText()));
    }

    private static long outflowOn(JsonNode projection, LocalDate day) {
        for (JsonNode entry : projection.path("dailyProjection")) {
            if (entry.path("date").asText().equals(day.toString())) {
                return entry.path("outflow").asLong();
            }
        }
        throw new AssertionError("no entry for " + day + " in " + projection);
    }

    private static void assertField(Api.Response response, String field) {
        assertThat(response.status()).as("%s", response).isEqualTo(400);
        assertThat(response.error().path("code").asText()).isEqualTo("VALIDATION_ERROR");
        assertThat(response.error().path("details").has(field)).as("details name %s: %s", field, response).isTrue();
    }

    private static void assertState(Api.Response response) {
        assertThat(response.status()).as("%s", response).isEqualTo(409);
        assertThat(response.error().path("code").asText()).isEqualTo("INVALID_STATE");
    }

    private static List<String> ids(JsonNode list) {
        List<String> ids = new ArrayList<>();
        list.path("items").forEach(item -> ids.add(item.path("id").asText()));
        return ids;
    }

    private String payableDriver() {
        String id = api().registerDriver().path("id").asText();
        Api.Response verified = api().post("/api/v1/drivers/" + id + "/kyc", "{\"outcome\":\"verified\"}");
        assertThat(verified.status()).as("verifying: %s", verified).isIn(200, 409);
        return id;
    }

    private void fund(long amount) {
        Balance before = WalletInvariant.quietBalance(api());
        Api.Response topUp = api().post("/api/v1/funding/topup",
                "{\"amount\":%d,\"method\":\"bank_transfer\"}".formatted(amount));
        assertThat(topUp.status()).as("top-up: %s", topUp).isEqualTo(200);
        await("top-up of " + amount + " settles").atMost(PROJECTION_TIMEOUT).untilAsserted(() ->
                assertThat(api().get("/api/v1/balance").data().path("available").asLong())
                        .isEqualTo(before.available() + amount));
    }
}
