package io.payouts.service.payout;

import com.fasterxml.jackson.databind.JsonNode;
import io.payouts.service.support.Api;
import io.payouts.service.support.WalletInvariant.Balance;
import io.payouts.service.support.WalletInvariant;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.assertj.core.api.Assertions.assertThat;

/** Canceling a payout before the rail takes it, and retrying a failed one, once however the retries arrive. */
class CancelAndRetryEndpointsTest extends PayoutEndpoints {

    // ---- cancel and retry ------------------------------------------------------------------------------------

    @Test
    void cancelingAValidatedPayoutReturnsItsFundsAndCannotBeRepeated() {
        String driverId = payableDriver();
        fund(3_000);
        Balance before = balance();
        String id = createdPayout(driverId, 3000);

        // at once, before a rail could take it further than queued
        Api.Response canceled = api().post("/api/v1/payouts/" + id + "/cancel", null);

        assertThat(canceled.status()).as("%s", canceled).isEqualTo(200);
        JsonNode data = canceled.data();
        assertThat(data.path("id").asText()).isEqualTo(id);
        assertThat(data.path("status").asText()).isEqualTo("canceled");
        assertThat(Instant.parse(data.path("canceledAt").asText())).isBeforeOrEqualTo(Instant.now());
        assertThat(balance().available()).as("the reservation is returned").isEqualTo(before.available());
        JsonNode read = api().get("/api/v1/payouts/" + id).data();
        assertThat(read.path("status").asText()).isEqualTo("canceled");
        assertThat(read.path("canceledAt").asText()).isEqualTo(data.path("canceledAt").asText());

        Api.Response again = api().post("/api/v1/payouts/" + id + "/cancel", null);

        assertThat(again.status()).as("%s", again).isEqualTo(409);
        assertThat(again.error().path("code").asText()).isEqualTo("INVALID_STATE");
        assertThat(balance().available()).as("released once only").isEqualTo(before.available());
        WalletInvariant.assertHoldsOnceSettled(api());
    }

    @Test
    void aProcessingInstantPayoutCannotBeCanceled() {
        String driverId = payableDriver();
        fund(1_000);
        String id = api().post("/api/v1/payouts/instant", instantJson(driverId, 1000)).data().path("id").asText();
        Balance before = balance();

        Api.Response response = api().post("/api/v1/payouts/" + id + "/cancel", null);

        assertThat(response.status()).as("%s", response).isEqualTo(409);
        assertThat(response.error().path("code").asText()).isEqualTo("INVALID_STATE");
        assertThat(balance().available()).isEqualTo(before.available());
        WalletInvariant.assertHoldsOnceSettled(api());
    }

    @Test
    void onlyAFailedPayoutCanBeRetried() {
        String driverId = payableDriver();
        fund(500);
        String validated = createdPayout(driverId, 200);
        String canceled = createdPayout(driverId, 300);
        api().post("/api/v1/payouts/" + canceled + "/cancel", null);
        Balance before = balance();

        for (String id : List.of(validated, canceled)) {
            Api.Response response = api().post("/api/v1/payouts/" + id + "/retry", null);

            assertThat(response.status()).as("%s", response).isEqualTo(409);
            assertThat(response.error().path("code").asText()).isEqualTo("INVALID_STATE");
        }
        assertThat(balance().available()).as("nothing reserved again").isEqualTo(before.available());
        assertThat(api().get("/api/v1/payouts/" + canceled).data().path("status").asText()).isEqualTo("canceled");
        WalletInvariant.assertHoldsOnceSettled(api());
    }

    /**
     * Retry of failed payouts, singly and in bulk, including a retry the wallet cannot afford (bulk item error
     * with status failed). Needs the simulated rail: the payout_failed scenario fails the payouts on it.
     */
    @Test
    void retryingAFailedPayoutQueuesItAndReservesItsFundsAgain() {
        String driverId = payableDriver();
        spendDownToLessThanOnePayout();
        fund(600 + 700);
        Balance start = balance();
        String single = scenarioPayout(driverId, 600, "payout_failed");
        String viaBulk = scenarioPayout(driverId, 700, "payout_failed");
        awaitStatus(single, "failed");
        awaitStatus(viaBulk, "failed");
        assertThat(balance().available()).as("both failures released their funds").isEqualTo(start.available());

        // the wallet cannot afford a retry: a drain payout holds everything that is available (it is forced to
        // fail, so its funds come back even if the rail takes it beyond cancelable meanwhile)
        long everything = start.available();
        assertThat(everything).as("the shared sandbox wallet must hold less than the maximum amount")
                .isLessThanOrEqualTo(100_000_000);
        String drain = scenarioPayout(driverId, everything, "payout_failed");
        Api.Response unaffordable = api().post("/api/v1/payouts/" + single + "/retry", null);
        assertThat(unaffordable.status()).as("%s", unaffordable).isEqualTo(400);
        assertThat(unaffordable.error().path("code").asText()).isEqualTo("INSUFFICIENT_FUNDS");
        Api.Response unaffordableBulk = api().post("/api/v1/payouts/bulk/retry",
                "{\"payoutIds\":[\"%s\",\"%s\"]}".formatted(viaBulk, UNKNOWN_PAYOUT));
        assertThat(unaffordableBulk.status()).as("bulk retry the wallet cannot afford: %s", unaffordableBulk)
                .isEqualTo(200);
        JsonNode refusedItem = unaffordableBulk.data().path("results").path(0);
        assertThat(refusedItem.path("status").asText()).isEqualTo("error");
        assertThat(refusedItem.path("error").asText()).isNotBlank();
        assertThat(refusedItem.path("item").path("status").asText()).isEqualTo("failed");
        assertThat(api().get("/api/v1/payouts/" + viaBulk).data().path("status").asText()).isEqualTo("failed");
        if (api().post("/api/v1/payouts/" + drain + "/cancel", null).status() != 200) {
            awaitStatus(drain, "failed");
        }
        assertThat(balance().available()).isEqualTo(start.available());

        Api.Response retried = api().post("/api/v1/payouts/" + single + "/retry", null);

        assertThat(retried.status()).as("%s", retried).isEqualTo(200);
        assertThat(retried.data().path("id").asText()).isEqualTo(single);
        assertThat(retried.data().path("status").asText()).isEqualTo("queued");
        assertThat(Instant.parse(retried.data().path("retriedAt").asText())).isBeforeOrEqualTo(Instant.now());
        assertThat(balance().available()).as("funds reserved again").isEqualTo(start.available() - 600);

        Api.Response bulk = api().post("/api/v1/payouts/bulk/retry", """
                {"payoutIds":["%s","%s","nope"]}""".formatted(viaBulk, UNKNOWN_PAYOUT));

        assertThat(bulk.status()).as("%s", bulk).isEqualTo(200);
        assertThat(bulk.body().path("success").asBoolean()).isTrue();
        JsonNode result = bulk.data();
        assertThat(result.path("total").asInt()).isEqualTo(3);
        assertThat(result.path("succeeded").asInt()).isEqualTo(1);
        assertThat(result.path("failed").asInt()).isEqualTo(2);
        assertThat(result.path("results").get(0).path("status").asText()).isEqualTo("success");
        assertThat(result.path("results").get(0).path("item").path("id").asText()).isEqualTo(viaBulk);
        assertThat(result.path("results").get(0).path("item").path("status").asText()).isEqualTo("queued");
        assertThat(result.path("results").get(1).path("status").asText()).isEqualTo("error");
        assertThat(result.path("results").get(2).path("status").asText()).isEqualTo("error");
        assertThat(balance().available()).isEqualTo(start.available() - 1300);

        // let the retried payouts finish on the rail, so that no later test sees their funds move
        awaitTerminal(single);
        awaitTerminal(viaBulk);
        WalletInvariant.assertHoldsOnceSettled(api());
    }

    /** A failed payout is retried once per failure, however the retries arrive. */
    @Test
    void aFailedPayoutIsRetriedOnceWhenTheSameRetryArrivesSeveralTimesAtOnce() throws Exception {
        String driverId = payableDriver();
        fund(3 * 300);
        String inBulk = scenarioPayout(driverId, 300, "payout_failed");
        String concurrently = scenarioPayout(driverId, 300, "payout_failed");
        awaitStatus(inBulk, "failed");
        awaitStatus(concurrently, "failed");

        Api.Response bulk = api().post("/api/v1/payouts/bulk/retry",
                "{\"payoutIds\":[\"%s\",\"%s\",\"%s\"]}".formatted(inBulk, inBulk, inBulk));
        ExecutorService pool = Executors.newFixedThreadPool(4);
        List<Api.Response> singles = new ArrayList<>();
        try {
            List<Future<Api.Response>> racing = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                racing.add(pool.submit(() -> api().post("/api/v1/payouts/" + concurrently + "/retry", null)));
            }
            for (Future<Api.Response> response : racing) {
                singles.add(response.get());
            }
        } finally {
            pool.shutdownNow();
        }

        assertThat(bulk.status()).as("%s", bulk).isEqualTo(200);
        assertThat(bulk.data().path("succeeded").asInt()).isEqualTo(1);
        assertThat(bulk.data().path("failed").asInt()).isEqualTo(2);
        assertThat(singles).filteredOn(response -> response.status() == 200).hasSize(1);
        assertThat(singles).filteredOn(response -> response.status() != 200).allSatisfy(response -> {
            assertThat(response.status()).isEqualTo(409);
            assertThat(response.error().path("code").asText()).isEqualTo("INVALID_STATE");
        });
        awaitTerminal(inBulk);
        awaitTerminal(concurrently);
        WalletInvariant.assertHoldsOnceSettled(api());
    }
}
