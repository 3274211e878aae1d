package io.payouts.service.payout;

import com.fasterxml.jackson.databind.JsonNode;
import io.payouts.service.support.Api;
import io.payouts.service.support.HttpIntegrationTest;
import io.payouts.service.support.WalletInvariant.Balance;
import io.payouts.service.support.WalletInvariant;
import io.payouts.shared.Money;
import org.junit.jupiter.api.BeforeEach;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * What the payout endpoint tests share (interface-spec.md, Payouts; decisions.md, Money and States), split by use case
 * into {@link CreatePayoutEndpointsTest}, {@link ReadPayoutEndpointsTest}, {@link CancelAndRetryEndpointsTest} and
 * {@link BulkPayoutEndpointsTest}.
 *
 * <p>Every test class shares one context, one database and so one sandbox wallet: balances are asserted as
 * differences (read before, act, read after, each reading taken once the balance read model has stopped moving)
 * and on resources this test created. Each test starts once no sandbox payout is in flight (the shared context's
 * simulated rail finishes them within seconds), so nothing but the test moves {@code available}: sandbox top-ups
 * are awaited until settled, and a rail completion turns in-transit into a debit without touching available.
 * Every scenario that moves money ends with {@link WalletInvariant#assertHoldsOnceSettled}.
 *
 * <p>The shared context runs the rail with 2 s delays, and a standard payout is queued within milliseconds of its
 * creation (ADR-0012): a payout to cancel is canceled at once, and reads after a create accept queued.
 */
abstract class PayoutEndpoints extends HttpIntegrationTest {

    static final Duration RAIL_TIMEOUT = Duration.ofSeconds(30);
    static final String RAIL_NEEDED = "the simulated rail (ADR-0012) must move the payout on";
    static final Duration PROJECTION_TIMEOUT = Duration.ofSeconds(10);
    static final String UNKNOWN_PAYOUT = "pay_" + "0".repeat(32);
    static final String UNKNOWN_DRIVER = "drv_" + "f".repeat(32);

    @BeforeEach
    void noPayoutInFlight() {
        WalletInvariant.awaitNoPayoutInFlight(api());
    }

    void assertAllNotFound(Api caller, String payoutId) {
        List<Api.Response> responses = List.of(caller.get("/api/v1/payouts/" + payoutId),
                caller.post("/api/v1/payouts/" + payoutId + "/cancel", null),
                caller.post("/api/v1/payouts/" + payoutId + "/retry", null));
        for (Api.Response response : responses) {
            assertThat(response.status()).as("%s", response).isEqualTo(404);
            assertThat(response.error().path("code").asText()).isEqualTo("NOT_FOUND");
        }
    }

    /** A registered driver whose KYC is verified: active and payable. */
    String payableDriver() {
        String id = api().registerDriver().path("id").asText();
        Api.Response verified = api().post("/api/v1/drivers/" + id + "/kyc", "{\"outcome\":\"verified\"}");
        assertThat(verified.status()).as("verifying: %s", verified).isEqualTo(200);
        return id;
    }

    /** Tops the sandbox wallet up and waits until the amount is available. */
    void fund(long amount) {
        Balance before = balance();
        Api.Response topUp = api().post("/api/v1/funding/topup",
                "{\"amount\":%d,\"method\":\"bank_transfer\"}".formatted(amount));
        assertThat(topUp.status()).as("top-up: %s", topUp).isEqualTo(200);
        await("top-up of " + amount + " settles").atMost(PROJECTION_TIMEOUT).untilAsserted(() ->
                assertThat(api().get("/api/v1/balance").data().path("available").asLong())
                        .isEqualTo(before.available() + amount));
    }

    /**
     * Other classes sharing this context may have funded the sandbox wallet beyond what one payout may ask (the
     * authorization matrix's world does); spends the excess down, for tests that need "everything available" to be
     * one payout's worth.
     */
    void spendDownToLessThanOnePayout() {
        long available = balance().available();
        String spender = available > Money.MAX_AMOUNT / 2 ? payableDriver() : null;
        while (available > Money.MAX_AMOUNT / 2) {
            assertThat(createPayout(spender, Money.MAX_AMOUNT / 2).status()).isEqualTo(200);
            available = balance().available();
        }
    }

    /**
     * The sandbox balance once it has stopped moving. Answers of payout, cancel and retry do not wait for the
     * balance read model, so comparing balances needs readings taken when it has caught up.
     */
    Balance balance() {
        return WalletInvariant.quietBalance(api());
    }

    Api.Response createPayout(String driverId, long amount) {
        return api().post("/api/v1/payouts", payoutJson(driverId, amount));
    }

    String createdPayout(String driverId, long amount) {
        Api.Response response = createPayout(driverId, amount);
        assertThat(response.status()).as("creating a payout: %s", response).isEqualTo(200);
        return response.data().path("id").asText();
    }

    String scenarioPayout(String driverId, long amount, String scenario) {
        Api.Response response = api().header("X-Sandbox-Scenario", scenario)
                .post("/api/v1/payouts", payoutJson(driverId, amount));
        assertThat(response.status()).as("creating a payout with %s: %s", scenario, response).isEqualTo(200);
        return response.data().path("id").asText();
    }

    static String payoutJson(String driverId, long amount) {
        return "{\"driverId\":\"%s\",\"amount\":%d,\"urgency\":\"standard\",\"description\":\"test payout\"}"
                .formatted(driverId, amount);
    }

    static String instantJson(String driverId, long amount) {
        return "{\"driverId\":\"%s\",\"amount\":%d,\"requestedBy\":\"driver-app\"}".formatted(driverId, amount);
    }

    long feeFor(long amount) {
        Api.Response response = api().get("/api/v1/payouts/instant/fee?amount=" + amount);
        assertThat(response.status()).as("quote for %d: %s", amount, response).isEqualTo(200);
        assertThat(response.data().path("estimatedDeposit").asLong())
                .isEqualTo(amount - response.data().path("fee").asLong());
        return response.data().path("fee").asLong();
    }

    void awaitStatus(String payoutId, String status) {
        await(RAIL_NEEDED + " (payout " + payoutId + " should become " + status + ")")
                .atMost(RAIL_TIMEOUT)
                .pollInterval(Duration.ofMillis(250))
                .untilAsserted(() -> assertThat(api().get("/api/v1/payouts/" + payoutId).data().path("status").asText())
                        .as("%s: %s", RAIL_NEEDED, payoutId)
                        .isEqualTo(status));
    }

    void awaitTerminal(String payoutId) {
        await(RAIL_NEEDED + " (payout " + payoutId + " should end completed or failed)")
                .atMost(RAIL_TIMEOUT)
                .pollInterval(Duration.ofMillis(250))
                .untilAsserted(() -> assertThat(api().get("/api/v1/payouts/" + payoutId).data().path("status").asText())
                        .isIn("completed", "failed"));
    }

    /**
     * Waits until {@code condition} holds and keeps holding for half a second: a counter that passes through the
     * expected value on its way to a wrong one does not pass.
     */
    static void awaitSteadily(String what, Callable<Boolean> condition) {
        AtomicReference<Instant> since = new AtomicReference<>();
        await(what + ", steadily").atMost(PROJECTION_TIMEOUT).pollInterval(Duration.ofMillis(50))
                .until(() -> {
                    if (!condition.call()) {
                        since.set(null);
                        return false;
                    }
                    since.compareAndSet(null, Instant.now());
                    return Duration.between(since.get(), Instant.now()).toMillis() >= 500;
                });
    }

    JsonNode list(String query) {
        Api.Response response = api().get("/api/v1/payouts" + query);
        assertThat(response.status()).as("listing%s: %s", query, response).isEqualTo(200);
        return response.data();
    }

    JsonNode driverPayouts(String driverId) {
        Api.Response response = api().get("/api/v1/drivers/" + driverId + "/payouts");
        assertThat(response.status()).as("%s", response).isEqualTo(200);
        return response.data();
    }

    /** The driver as the driver list shows it (with totalPaid and pendingPayouts). */
    JsonNode listedDriver(String driverId) {
        for (int page = 1; ; page++) {
            JsonNode list = api().get("/api/v1/drivers?pageSize=100&page=" + page).data();
            for (JsonNode driver : list.path("items")) {
                if (driver.path("id").asText().equals(driverId)) {
                    return driver;
                }
            }
            assertThat(list.path("hasNextPage").asBoolean()).as("driver %s is in the driver list", driverId).isTrue();
        }
    }

    static List<String> ids(JsonNode list) {
        List<String> ids = new ArrayList<>();
        list.path("items").forEach(item -> ids.add(item.path("id").asText()));
        return ids;
    }
}
