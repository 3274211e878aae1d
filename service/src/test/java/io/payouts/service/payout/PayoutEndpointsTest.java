package io.payouts.service.payout;

import com.fasterxml.jackson.databind.JsonNode;
import io.payouts.service.support.Api;
import io.payouts.service.support.HttpIntegrationTest;
import io.payouts.service.support.WalletInvariant.Balance;
import io.payouts.service.support.WalletInvariant;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The payout endpoints over HTTP (interface-spec.md, Payouts; decisions.md, Money and States).
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
class PayoutEndpointsTest extends HttpIntegrationTest {

    static final Duration RAIL_TIMEOUT = Duration.ofSeconds(30);
    static final String RAIL_NEEDED = "the simulated rail (ADR-0012) must move the payout on";
    private static final Duration PROJECTION_TIMEOUT = Duration.ofSeconds(10);
    private static final String UNKNOWN_PAYOUT = "pay_" + "0".repeat(32);
    private static final String UNKNOWN_DRIVER = "drv_" + "f".repeat(32);

    @BeforeEach
    void noPayoutInFlight() {
        WalletInvariant.awaitNoPayoutInFlight(api());
    }

    // ---- create (standard) ----------------------------------------------------------------------------------

    @Test
    void createsAStandardPayoutValidatedWithoutFeeAndReservesItsAmount() {
        String driverId = payableDriver();
        fund(10_000);
        Balance before = balance();

        Api.Response response = api().post("/api/v1/payouts", """
                {"driverId":"%s","amount":2500,"urgency":"standard","description":"Load 42","loadId":"load-42"}"""
                .formatted(driverId));

        assertThat(response.status()).as("%s", response).isEqualTo(200);
        assertThat(response.body().path("success").asBoolean()).isTrue();
        JsonNode payout = response.data();
        assertThat(payout.path("id").asText()).matches("pay_[0-9a-f]{32}");
        assertThat(payout.path("driverId").asText()).isEqualTo(driverId);
        assertThat(payout.path("driverName").asText()).isEqualTo("Ana Diaz");
        assertThat(payout.path("amount").asLong()).isEqualTo(2500);
        assertThat(payout.path("fee").isIntegralNumber()).isTrue();
        assertThat(payout.path("fee").asLong()).isZero();
        assertThat(payout.path("netAmount").asLong()).isEqualTo(2500);
        assertThat(payout.path("status").asText()).isEqualTo("validated");
        assertThat(payout.path("rail").asText()).isEqualTo("standard");
        assertThat(payout.path("loadId").asText()).isEqualTo("load-42");
        assertThat(Instant.parse(payout.path("requestedAt").asText())).isBeforeOrEqualTo(Instant.now());

        JsonNode read = api().get("/api/v1/payouts/" + payout.path("id").asText()).data();
        assertThat(read.path("id").asText()).isEqualTo(payout.path("id").asText());
        assertThat(read.path("amount").asLong()).isEqualTo(2500);
        assertThat(read.path("fee").asLong()).isZero();
        assertThat(read.path("rail").asText()).isEqualTo("standard");
        assertThat(read.path("requestedAt").asText()).isEqualTo(payout.path("requestedAt").asText());

        assertThat(balance().available()).as("the amount is reserved").isEqualTo(before.available() - 2500);
        WalletInvariant.assertHoldsOnceSettled(api());
    }

    @Test
    void aPayoutIsReadableTheMomentItsCreationReturns() {
        String driverId = payableDriver();
        fund(10 * 100);

        for (int i = 0; i < 10; i++) {
            String id = createdPayout(driverId, 100);

            Api.Response read = api().get("/api/v1/payouts/" + id);

            assertThat(read.status()).as("GET right after create #%d", i).isEqualTo(200);
            assertThat(read.data().path("id").asText()).isEqualTo(id);
        }
        WalletInvariant.assertHoldsOnceSettled(api());
    }

    // ---- instant pay and the fee quote -----------------------------------------------------------------------

    @Test
    void instantPayIsProcessingAtOnceWithTheInstantFee() {
        String driverId = payableDriver();
        fund(6_000);
        Balance before = balance();

        Api.Response large = api().post("/api/v1/payouts/instant", """
                {"driverId":"%s","amount":5000,"requestedBy":"driver-app"}""".formatted(driverId));
        Api.Response small = api().post("/api/v1/payouts/instant", """
                {"driverId":"%s","amount":1000,"requestedBy":"driver-app"}""".formatted(driverId));

        assertThat(large.status()).as("%s", large).isEqualTo(200);
        assertThat(small.status()).as("%s", small).isEqualTo(200);
        JsonNode payout = large.data();
        assertThat(payout.path("id").asText()).matches("pay_[0-9a-f]{32}");
        assertThat(payout.path("status").asText()).isEqualTo("processing");
        assertThat(payout.path("rail").asText()).isEqualTo("instant");
        assertThat(payout.path("driverName").asText()).isEqualTo("Ana Diaz");
        assertThat(payout.path("amount").asLong()).isEqualTo(5000);
        assertThat(payout.path("fee").asLong()).as("1.5 %% of 5000").isEqualTo(75);
        assertThat(payout.path("netAmount").asLong()).isEqualTo(4925);
        assertThat(payout.path("estimatedSettlement").asText()).isNotBlank();
        assertThat(payout.path("requestedAt").asText()).isNotBlank();
        assertThat(small.data().path("fee").asLong()).as("the minimum fee").isEqualTo(50);
        assertThat(small.data().path("netAmount").asLong()).isEqualTo(950);
        assertThat(small.data().path("estimatedSettlement").asText()).isNotBlank();

        JsonNode read = api().get("/api/v1/payouts/" + payout.path("id").asText()).data();
        assertThat(read.path("rail").asText()).isEqualTo("instant");
        assertThat(read.path("status").asText()).isIn("processing", "completed");
        assertThat(read.path("fee").asLong()).isEqualTo(75);

        assertThat(balance().available()).as("the wallet reserves the whole amount, fee included")
                .isEqualTo(before.available() - 6000);
        WalletInvariant.assertHoldsOnceSettled(api());
    }

    @Test
    void theFeeQuoteIsOnePointFivePercentHalfUpWithAMinimumOfFifty() {
        Api.Response response = api().get("/api/v1/payouts/instant/fee?amount=5000");

        assertThat(response.status()).as("%s", response).isEqualTo(200);
        JsonNode quote = response.data();
        assertThat(quote.path("amount").asLong()).isEqualTo(5000);
        assertThat(quote.path("fee").asLong()).isEqualTo(75);
        assertThat(quote.path("feePercent").isNumber()).isTrue();
        assertThat(quote.path("feePercent").decimalValue()).isEqualByComparingTo(new BigDecimal("1.5"));
        assertThat(quote.path("total").asLong()).isEqualTo(5000);
        assertThat(quote.path("estimatedDeposit").asLong()).isEqualTo(4925);

        assertThat(feeFor(1000)).as("minimum").isEqualTo(50);
        assertThat(feeFor(3500)).as("52.5 rounds half-up").isEqualTo(53);
        assertThat(feeFor(3367)).as("50.505 rounds up").isEqualTo(51);
        assertThat(feeFor(100_000_000)).isEqualTo(1_500_000);
        assertThat(api().get("/api/v1/payouts/instant/fee?amount=1000").data().path("estimatedDeposit").asLong())
                .isEqualTo(950);
    }

    @Test
    void theFeeQuoteRejectsAMissingOrInvalidAmount() {
        for (String query : List.of("", "?amount=0", "?amount=-5", "?amount=abc", "?amount=1.5",
                "?amount=100000001")) {
            Api.Response response = api().get("/api/v1/payouts/instant/fee" + query);

            assertThat(response.status()).as("quote%s: %s", query, response).isEqualTo(400);
            assertThat(response.error().path("code").asText()).isEqualTo("VALIDATION_ERROR");
            assertThat(response.error().path("details").has("amount")).as("quote%s names amount", query).isTrue();
        }
    }

    // ---- refusals --------------------------------------------------------------------------------------------

    @Test
    void onlyActiveKycVerifiedDriversArePaid() {
        fund(1_000);
        String unverified = api().registerDriver().path("id").asText();
        String inactive = payableDriver();
        assertThat(api().delete("/api/v1/drivers/" + inactive).status()).isEqualTo(200);
        Balance before = balance();

        List<Api.Response> refused = List.of(
                createPayout(unverified, 100),
                api().post("/api/v1/payouts/instant", instantJson(unverified, 1000)),
                createPayout(inactive, 100),
                api().post("/api/v1/payouts/instant", instantJson(inactive, 1000)));

        for (Api.Response response : refused) {
            assertThat(response.status()).as("%s", response).isEqualTo(422);
            assertThat(response.body().path("success").asBoolean(true)).isFalse();
            assertThat(response.error().path("code").asText()).isEqualTo("DRIVER_NOT_PAYABLE");
        }
        assertThat(balance().available()).as("nothing reserved").isEqualTo(before.available());
        assertThat(driverPayouts(unverified).path("total").asLong()).isZero();
        assertThat(driverPayouts(inactive).path("total").asLong()).isZero();
    }

    @Test
    void anUnknownDriverIsNotFound() {
        for (String driverId : List.of(UNKNOWN_DRIVER, "drv_nope")) {
            Api.Response standard = createPayout(driverId, 100);
            Api.Response instant = api().post("/api/v1/payouts/instant", instantJson(driverId, 1000));

            for (Api.Response response : List.of(standard, instant)) {
                assertThat(response.status()).as("%s: %s", driverId, response).isEqualTo(404);
                assertThat(response.error().path("code").asText()).isEqualTo("NOT_FOUND");
            }
        }
    }

    @Test
    void invalidAmountsAre400NamingAmountAndReserveNothing() {
        String driverId = payableDriver();
        fund(1_000);
        Balance before = balance();

        for (String amount : List.of("0", "-100", "1.5", "\"100\"", "100000001", "null")) {
            Api.Response standard = api().post("/api/v1/payouts",
                    "{\"driverId\":\"%s\",\"amount\":%s}".formatted(driverId, amount));
            Api.Response instant = api().post("/api/v1/payouts/instant",
                    "{\"driverId\":\"%s\",\"amount\":%s}".formatted(driverId, amount));

            for (Api.Response response : List.of(standard, instant)) {
                assertThat(response.status()).as("amount %s: %s", amount, response).isEqualTo(400);
                assertThat(response.error().path("code").asText()).isEqualTo("VALIDATION_ERROR");
                assertThat(response.error().path("details").has("amount")).as("amount %s is named", amount).isTrue();
            }
        }
        Api.Response missing = api().post("/api/v1/payouts", "{\"driverId\":\"%s\"}".formatted(driverId));
        assertThat(missing.status()).isEqualTo(400);
        assertThat(missing.error().path("details").has("amount")).isTrue();

        assertThat(balance().available()).isEqualTo(before.available());
        assertThat(driverPayouts(driverId).path("total").asLong()).isZero();
    }

    @Test
    void anUnknownUrgencyIs400NamingUrgency() {
        String driverId = payableDriver();

        Api.Response response = api().post("/api/v1/payouts", """
                {"driverId":"%s","amount":100,"urgency":"yesterday"}""".formatted(driverId));

        assertThat(response.status()).as("%s", response).isEqualTo(400);
        assertThat(response.error().path("details").has("urgency")).isTrue();
        assertThat(driverPayouts(driverId).path("total").asLong()).isZero();
    }

    @Test
    void aPayoutOverTheAvailableBalanceIsRefusedAndReservesNothing() {
        String driverId = payableDriver();
        fund(1_000);
        Balance before = balance();
        long tooMuch = before.available() + 1;
        assertThat(tooMuch).as("the shared sandbox wallet must hold less than the maximum amount")
                .isLessThanOrEqualTo(100_000_000);

        Api.Response standard = createPayout(driverId, tooMuch);
        Api.Response instant = api().post("/api/v1/payouts/instant", instantJson(driverId, tooMuch));

        for (Api.Response response : List.of(standard, instant)) {
            assertThat(response.status()).as("%s", response).isEqualTo(400);
            assertThat(response.error().path("code").asText()).isEqualTo("INSUFFICIENT_FUNDS");
        }
        Balance after = balance();
        assertThat(after.available()).isEqualTo(before.available());
        assertThat(after.pending()).isEqualTo(before.pending());
        assertThat(driverPayouts(driverId).path("total").asLong()).isZero();
        WalletInvariant.assertHoldsOnceSettled(api());
    }

    // ---- sandbox scenarios -----------------------------------------------------------------------------------

    @Test
    void theInsufficientFundsScenarioRefusesAnAffordablePayoutAndReservesNothing() {
        String driverId = payableDriver();
        fund(5_000);
        Balance before = balance();

        Api.Response standard = api().header("X-Sandbox-Scenario", "insufficient_funds")
                .post("/api/v1/payouts", payoutJson(driverId, 100));
        Api.Response instant = api().header("X-Sandbox-Scenario", "insufficient_funds")
                .post("/api/v1/payouts/instant", instantJson(driverId, 1000));

        for (Api.Response response : List.of(standard, instant)) {
            assertThat(response.status()).as("%s", response).isEqualTo(400);
            assertThat(response.error().path("code").asText()).isEqualTo("INSUFFICIENT_FUNDS");
        }
        assertThat(balance().available()).isEqualTo(before.available());
        assertThat(driverPayouts(driverId).path("total").asLong()).isZero();
    }

    @Test
    void anUnknownScenarioIs400NamingTheHeader() {
        String driverId = payableDriver();
        fund(100);
        Balance before = balance();

        Api.Response response = api().header("X-Sandbox-Scenario", "meteor_strike")
                .post("/api/v1/payouts", payoutJson(driverId, 100));
        Api.Response success = api().header("X-Sandbox-Scenario", "success")
                .post("/api/v1/payouts", payoutJson(driverId, 100));

        assertThat(response.status()).as("%s", response).isEqualTo(400);
        assertThat(response.error().path("details").has("X-Sandbox-Scenario")).as("%s", response).isTrue();
        assertThat(success.status()).as("the success scenario is the default: %s", success).isEqualTo(200);
        assertThat(balance().available()).isEqualTo(before.available() - 100);
        assertThat(driverPayouts(driverId).path("total").asLong()).isEqualTo(1);
        WalletInvariant.assertHoldsOnceSettled(api());
    }

    @Test
    void thePayoutFailedScenarioEndsFailedAndReleasesTheFunds() {
        String driverId = payableDriver();
        fund(700);
        Balance before = balance();

        Api.Response created = api().header("X-Sandbox-Scenario", "payout_failed")
                .post("/api/v1/payouts", payoutJson(driverId, 700));

        assertThat(created.status()).as("%s", created).isEqualTo(200);
        String id = created.data().path("id").asText();
        awaitStatus(id, "failed");
        JsonNode failed = api().get("/api/v1/payouts/" + id).data();
        assertThat(failed.path("status").asText()).isEqualTo("failed");
        assertThat(balance().available()).as("a failure releases the reservation").isEqualTo(before.available());
        WalletInvariant.assertHoldsOnceSettled(api());
    }

    // ---- list and get ----------------------------------------------------------------------------------------

    @Test
    void listsPayoutsFilteredByDriverAndStatusWithPagination() {
        String driverA = payableDriver();
        String driverB = payableDriver();
        fund(1_000);
        String first = createdPayout(driverA, 100);
        String second = createdPayout(driverA, 200);
        String third = createdPayout(driverA, 300);
        String other = createdPayout(driverB, 400);
        assertThat(api().post("/api/v1/payouts/" + second + "/cancel", null).status()).isEqualTo(200);

        JsonNode ofA = list("?driverId=" + driverA);
        assertThat(ids(ofA)).containsExactlyInAnyOrder(first, second, third);
        assertThat(ofA.path("total").asLong()).isEqualTo(3);
        assertThat(ofA.path("items")).allSatisfy(item -> {
            assertThat(item.path("driverId").asText()).isEqualTo(driverA);
            assertThat(item.path("driverName").asText()).isEqualTo("Ana Diaz");
        });
        assertThat(ids(list("?driverId=" + driverB))).containsExactly(other);

        JsonNode canceledOfA = list("?status=canceled&driverId=" + driverA);
        assertThat(ids(canceledOfA)).containsExactly(second);
        JsonNode canceled = list("?status=canceled&pageSize=100");
        assertThat(canceled.path("items")).isNotEmpty()
                .allSatisfy(item -> assertThat(item.path("status").asText()).isEqualTo("canceled"));
        assertThat(ids(list("?status=failed&driverId=" + driverA))).isEmpty();

        JsonNode pageOne = list("?driverId=" + driverA + "&pageSize=2");
        JsonNode pageTwo = list("?driverId=" + driverA + "&pageSize=2&page=2");
        assertThat(pageOne.path("items")).hasSize(2);
        assertThat(pageOne.path("hasNextPage").asBoolean()).isTrue();
        assertThat(pageOne.path("total").asLong()).isEqualTo(3);
        assertThat(pageTwo.path("items")).hasSize(1);
        assertThat(pageTwo.path("hasNextPage").isBoolean()).isTrue();
        assertThat(pageTwo.path("hasNextPage").asBoolean()).isFalse();
        Set<String> bothPages = new HashSet<>(ids(pageOne));
        bothPages.addAll(ids(pageTwo));
        assertThat(bothPages).containsExactlyInAnyOrder(first, second, third);
        WalletInvariant.assertHoldsOnceSettled(api());
    }

    @Test
    void listPaginationDefaultsTo50AndAllowsAtMost100() {
        JsonNode defaults = list("");
        assertThat(defaults.path("page").asInt()).isEqualTo(1);
        assertThat(defaults.path("pageSize").asInt()).isEqualTo(50);
        assertThat(defaults.path("items").size()).isLessThanOrEqualTo(50);
        assertThat(defaults.path("hasNextPage").isBoolean()).isTrue();
        assertThat(list("?pageSize=100").path("pageSize").asInt()).isEqualTo(100);

        for (String query : List.of("?pageSize=101", "?pageSize=0", "?page=0", "?pageSize=abc")) {
            Api.Response response = api().get("/api/v1/payouts" + query);

            assertThat(response.status()).as("%s: %s", query, response).isEqualTo(400);
            String parameter = query.substring(1, query.indexOf('='));
            assertThat(response.error().path("details").has(parameter)).as("%s names %s", query, parameter).isTrue();
        }
    }

    @Test
    void invalidListFiltersAre400NamingTheFilter() {
        Api.Response badStatus = api().get("/api/v1/payouts?status=done");
        Api.Response badDriver = api().get("/api/v1/payouts?driverId=nope");

        assertThat(badStatus.status()).as("%s", badStatus).isEqualTo(400);
        assertThat(badStatus.error().path("details").has("status")).isTrue();
        assertThat(badStatus.error().path("details").path("status").asText())
                .contains("validated", "queued", "processing", "completed", "failed", "canceled");
        assertThat(badDriver.status()).as("%s", badDriver).isEqualTo(400);
        assertThat(badDriver.error().path("details").has("driverId")).isTrue();
        for (String status : List.of("validated", "queued", "processing", "completed", "failed", "canceled")) {
            assertThat(api().get("/api/v1/payouts?status=" + status).status()).as(status).isEqualTo(200);
        }
    }

    @Test
    void unknownOrMalformedPayoutIdsAre404() {
        for (String id : List.of(UNKNOWN_PAYOUT, "pay_nope", UNKNOWN_DRIVER, "x")) {
            List<Api.Response> responses = List.of(api().get("/api/v1/payouts/" + id),
                    api().post("/api/v1/payouts/" + id + "/cancel", null),
                    api().post("/api/v1/payouts/" + id + "/retry", null));

            for (Api.Response response : responses) {
                assertThat(response.status()).as("%s: %s", id, response).isEqualTo(404);
                assertThat(response.error().path("code").asText()).isEqualTo("NOT_FOUND");
            }
        }
    }

    // ---- cancel and retry ------------------------------------------------------------------------------------

    @Test
    void cancelingAValidatedPayoutReleasesItsFundsAndCannotBeRepeated() {
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
        assertThat(balance().available()).as("the reservation is released").isEqualTo(before.available());
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

    // ---- bulk ------------------------------------------------------------------------------------------------

    @Test
    void bulkCreateReportsEveryItemAndPartlySucceeds() {
        String payable = payableDriver();
        String unverified = api().registerDriver().path("id").asText();
        fund(1_500);
        Balance before = balance();
        assertThat(before.available() - 1000).as("the over-balance item must exceed what is left")
                .isLessThan(100_000_000);

        Api.Response response = api().post("/api/v1/payouts/bulk", """
                {"urgency":"standard","payouts":[
                  {"driverId":"%1$s","amount":1000,"description":"week 1"},
                  {"driverId":"%2$s","amount":1000,"description":"not verified"},
                  {"driverId":"%1$s","amount":100000000,"description":"more than the wallet holds"},
                  {"driverId":"%1$s","amount":500,"loadId":"load-2","description":"week 2"},
                  {"driverId":"%3$s","amount":100},
                  {"driverId":"%1$s","amount":0}
                ]}""".formatted(payable, unverified, UNKNOWN_DRIVER));

        assertThat(response.status()).as("%s", response).isEqualTo(200);
        assertThat(response.body().path("success").asBoolean()).isTrue();
        JsonNode result = response.data();
        assertThat(result.path("total").asInt()).isEqualTo(6);
        assertThat(result.path("succeeded").asInt()).isEqualTo(2);
        assertThat(result.path("failed").asInt()).isEqualTo(4);
        JsonNode results = result.path("results");
        assertThat(results).hasSize(6);
        List<String> statuses = new ArrayList<>();
        results.forEach(item -> statuses.add(item.path("status").asText()));
        assertThat(statuses).containsExactly("success", "error", "error", "success", "error", "error");
        for (int index : List.of(0, 3)) {
            JsonNode item = results.get(index).path("item");
            assertThat(item.path("id").asText()).matches("pay_[0-9a-f]{32}");
            assertThat(item.path("driverId").asText()).isEqualTo(payable);
            assertThat(item.path("status").asText()).isEqualTo("validated");
            assertThat(results.get(index).has("error")).isFalse();
            assertThat(api().get("/api/v1/payouts/" + item.path("id").asText()).status()).isEqualTo(200);
        }
        assertThat(results.get(0).path("item").path("amount").asLong()).isEqualTo(1000);
        assertThat(results.get(3).path("item").path("amount").asLong()).isEqualTo(500);
        for (int index : List.of(1, 2, 4, 5)) {
            assertThat(results.get(index).path("error").asText()).as("item %d", index).isNotBlank();
        }
        assertThat(results.get(1).path("code").asText()).isEqualTo("DRIVER_NOT_PAYABLE");
        assertThat(results.get(2).path("code").asText()).isEqualTo("INSUFFICIENT_FUNDS");
        assertThat(results.get(4).path("code").asText()).isEqualTo("NOT_FOUND");
        assertThat(results.get(5).path("error").asText()).contains("amount");

        assertThat(balance().available()).isEqualTo(before.available() - 1500);
        assertThat(driverPayouts(payable).path("total").asLong()).isEqualTo(2);
        assertThat(driverPayouts(unverified).path("total").asLong()).isZero();
        WalletInvariant.assertHoldsOnceSettled(api());
    }

    @Test
    void bulkCreateTakesOneToOneHundredPayouts() {
        String driverId = payableDriver();
        fund(101);
        Balance before = balance();
        String oneHundredAndOne = IntStream.range(0, 101).mapToObj(i -> payoutJson(driverId, 1))
                .collect(Collectors.joining(","));

        List<Api.Response> refused = List.of(
                api().post("/api/v1/payouts/bulk", "{\"payouts\":[" + oneHundredAndOne + "]}"),
                api().post("/api/v1/payouts/bulk", "{\"payouts\":[]}"),
                api().post("/api/v1/payouts/bulk", "{}"));

        for (Api.Response response : refused) {
            assertThat(response.status()).as("%s", response).isEqualTo(400);
            assertThat(response.error().path("details").has("payouts")).isTrue();
        }
        Api.Response badUrgency = api().post("/api/v1/payouts/bulk",
                "{\"urgency\":\"soonish\",\"payouts\":[" + payoutJson(driverId, 1) + "]}");
        assertThat(badUrgency.status()).isEqualTo(400);
        assertThat(badUrgency.error().path("details").has("urgency")).isTrue();
        assertThat(balance().available()).as("nothing reserved").isEqualTo(before.available());
        assertThat(driverPayouts(driverId).path("total").asLong()).isZero();
    }

    @Test
    void bulkCancelReportsEveryItem() {
        String driverId = payableDriver();
        fund(100 + 200 + 300 + 1000);
        Balance before = balance();
        String alreadyCanceled = createdPayout(driverId, 300);
        api().post("/api/v1/payouts/" + alreadyCanceled + "/cancel", null);
        String processing = api().post("/api/v1/payouts/instant", instantJson(driverId, 1000)).data().path("id").asText();
        // created last, so that the rail has not started processing them when the bulk cancel arrives
        String first = createdPayout(driverId, 100);
        String second = createdPayout(driverId, 200);

        Api.Response response = api().post("/api/v1/payouts/bulk/cancel", """
                {"payoutIds":["%s","%s","%s","%s","%s","nope"]}"""
                .formatted(first, second, alreadyCanceled, processing, UNKNOWN_PAYOUT));

        assertThat(response.status()).as("%s", response).isEqualTo(200);
        assertThat(response.body().path("success").asBoolean()).isTrue();
        JsonNode result = response.data();
        assertThat(result.path("total").asInt()).isEqualTo(6);
        assertThat(result.path("succeeded").asInt()).isEqualTo(2);
        assertThat(result.path("failed").asInt()).isEqualTo(4);
        JsonNode results = result.path("results");
        for (int index : List.of(0, 1)) {
            assertThat(results.get(index).path("status").asText()).isEqualTo("success");
            assertThat(results.get(index).path("item").path("status").asText()).isEqualTo("canceled");
        }
        assertThat(results.get(0).path("item").path("id").asText()).isEqualTo(first);
        assertThat(results.get(1).path("item").path("id").asText()).isEqualTo(second);
        for (int index : List.of(2, 3, 4, 5)) {
            assertThat(results.get(index).path("status").asText()).as("item %d", index).isEqualTo("error");
            assertThat(results.get(index).path("error").asText()).isNotBlank();
        }
        assertThat(results.get(2).path("code").asText()).isEqualTo("INVALID_STATE");
        assertThat(results.get(3).path("code").asText()).isEqualTo("INVALID_STATE");
        assertThat(results.get(4).path("code").asText()).isEqualTo("NOT_FOUND");
        assertThat(results.get(4).path("item").path("id").asText()).isEqualTo(UNKNOWN_PAYOUT);
        assertThat(results.get(5).path("code").asText()).isEqualTo("NOT_FOUND");

        assertThat(balance().available()).as("only the instant payout stays reserved (or debited)")
                .isEqualTo(before.available() - 1000);
        assertThat(api().get("/api/v1/payouts/" + first).data().path("status").asText()).isEqualTo("canceled");
        WalletInvariant.assertHoldsOnceSettled(api());
    }

    /** Issue #11: a failed payout is retried once per failure, however the retries arrive. */
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

    @Test
    void bulkRetryReportsEveryItemThatCannotBeRetried() {
        String driverId = payableDriver();
        fund(100);
        String validated = createdPayout(driverId, 100);
        Balance before = balance();

        Api.Response response = api().post("/api/v1/payouts/bulk/retry", """
                {"payoutIds":["%s","%s","nope"]}""".formatted(validated, UNKNOWN_PAYOUT));

        assertThat(response.status()).as("%s", response).isEqualTo(200);
        assertThat(response.body().path("success").asBoolean()).isTrue();
        JsonNode result = response.data();
        assertThat(result.path("total").asInt()).isEqualTo(3);
        assertThat(result.path("succeeded").asInt()).isZero();
        assertThat(result.path("failed").asInt()).isEqualTo(3);
        JsonNode results = result.path("results");
        results.forEach(item -> {
            assertThat(item.path("status").asText()).isEqualTo("error");
            assertThat(item.path("error").asText()).isNotBlank();
        });
        assertThat(results.get(0).path("item").path("id").asText()).isEqualTo(validated);
        assertThat(results.get(0).path("code").asText()).isEqualTo("INVALID_STATE");
        assertThat(results.get(1).path("code").asText()).isEqualTo("NOT_FOUND");
        assertThat(results.get(2).path("code").asText()).isEqualTo("NOT_FOUND");
        assertThat(balance().available()).as("nothing reserved again").isEqualTo(before.available());
        WalletInvariant.assertHoldsOnceSettled(api());
    }

    @Test
    void aBulkOfOneReportsItsFailureAsAnItemToo() {
        String driverId = payableDriver();
        fund(100);
        String validated = createdPayout(driverId, 100);

        SoftAssertions softly = new SoftAssertions();
        for (String path : List.of("/api/v1/payouts/bulk/retry", "/api/v1/payouts/bulk/cancel")) {
            for (String id : List.of(UNKNOWN_PAYOUT, "nope", validated)) {
                if (path.endsWith("cancel") && id.equals(validated)) {
                    continue;
                }
                Api.Response response = api().post(path, "{\"payoutIds\":[\"%s\"]}".formatted(id));

                softly.assertThat(response.status()).as("%s with only %s: %s", path, id, response.body())
                        .isEqualTo(200);
                softly.assertThat(response.data().path("failed").asInt()).as("%s with only %s: failed", path, id)
                        .isEqualTo(1);
                softly.assertThat(response.data().path("results").path(0).path("status").asText())
                        .as("%s with only %s: item status", path, id).isEqualTo("error");
            }
        }
        softly.assertAll();
        WalletInvariant.assertHoldsOnceSettled(api());
    }

    @Test
    void bulkCancelAndRetryTakeOneToOneHundredIds() {
        String ids = IntStream.range(0, 101).mapToObj(i -> "\"" + UNKNOWN_PAYOUT + "\"")
                .collect(Collectors.joining(","));
        for (String path : List.of("/api/v1/payouts/bulk/cancel", "/api/v1/payouts/bulk/retry")) {
            for (String body : List.of("{\"payoutIds\":[" + ids + "]}", "{\"payoutIds\":[]}", "{}")) {
                Api.Response response = api().post(path, body);

                assertThat(response.status()).as("%s %s", path, response).isEqualTo(400);
                assertThat(response.error().path("details").has("payoutIds")).isTrue();
            }
        }
    }

    // ---- the driver's view -----------------------------------------------------------------------------------

    @Test
    void aDriversPayoutsListHoldsExactlyThatDriversPayouts() {
        String driverId = payableDriver();
        String otherDriver = payableDriver();
        fund(100 + 200 + 300);
        String first = createdPayout(driverId, 100);
        String second = createdPayout(driverId, 200);
        createdPayout(otherDriver, 300);

        Api.Response response = api().get("/api/v1/drivers/" + driverId + "/payouts");

        assertThat(response.status()).as("%s", response).isEqualTo(200);
        JsonNode list = response.data();
        assertThat(list.path("total").asLong()).isEqualTo(2);
        assertThat(list.path("pageSize").asInt()).isEqualTo(50);
        assertThat(list.path("hasNextPage").asBoolean(true)).isFalse();
        assertThat(ids(list)).as("ids of the listed items %s", list.path("items"))
                .containsExactlyInAnyOrder(first, second);
        assertThat(list.path("items")).allSatisfy(item -> {
            assertThat(item.path("driverId").asText()).isEqualTo(driverId);
            assertThat(item.path("status").asText()).isIn("validated", "queued", "processing", "completed");
            assertThat(item.path("rail").asText()).isEqualTo("standard");
            assertThat(item.path("amount").isIntegralNumber()).isTrue();
        });
        WalletInvariant.assertHoldsOnceSettled(api());
    }

    /** pendingPayouts follows requests and cancels; totalPaid follows completions (the rail). */
    @Test
    void theDriverListsTotalsFollowThePayouts() {
        String driverId = payableDriver();
        fund(2_000 + 1_000 + 500);
        assertThat(listedDriver(driverId).path("totalPaid").asLong()).isZero();
        assertThat(listedDriver(driverId).path("pendingPayouts").asLong()).isZero();

        String standard = createdPayout(driverId, 2000);
        String canceled = createdPayout(driverId, 500);
        assertThat(api().post("/api/v1/payouts/" + canceled + "/cancel", null).status()).isEqualTo(200);
        String instant = api().post("/api/v1/payouts/instant", instantJson(driverId, 1000)).data().path("id").asText();
        // three requested, one canceled: two pending, less any the rail has completed meanwhile
        awaitSteadily("pendingPayouts + completed payouts == 2", () -> {
            long completed = List.of(standard, instant).stream()
                    .filter(id -> api().get("/api/v1/payouts/" + id).data().path("status").asText().equals("completed"))
                    .count();
            return listedDriver(driverId).path("pendingPayouts").asLong() + completed == 2;
        });

        awaitStatus(instant, "completed");
        awaitStatus(standard, "completed");
        await().atMost(PROJECTION_TIMEOUT).untilAsserted(() -> {
            JsonNode driver = listedDriver(driverId);
            assertThat(driver.path("totalPaid").asLong()).isEqualTo(3000);
            assertThat(driver.path("pendingPayouts").asLong()).isZero();
        });
        JsonNode completed = api().get("/api/v1/payouts/" + standard).data();
        assertThat(completed.path("completedAt").asText()).isNotBlank();
        WalletInvariant.assertHoldsOnceSettled(api());
    }

    // ---- modes -----------------------------------------------------------------------------------------------

    @Test
    void aPayoutIsInvisibleToTheOtherMode() {
        Api production = productionKey();
        String sandboxDriver = payableDriver();
        fund(100);
        String sandboxPayout = createdPayout(sandboxDriver, 100);
        String productionDriver = production.registerDriver().path("id").asText();
        assertThat(production.post("/api/v1/drivers/" + productionDriver + "/kyc", "{\"outcome\":\"verified\"}")
                .status()).isEqualTo(200);
        String topUp = production.post("/api/v1/funding/topup", "{\"amount\":250,\"method\":\"bank_transfer\"}")
                .data().path("transactionId").asText();
        Api.Response settled = owner().post("/api/v1/admin/funding/topups/" + topUp + "/settle", null);
        assertThat(settled.status()).as("%s", settled).isEqualTo(200);
        Api.Response created = production.post("/api/v1/payouts", payoutJson(productionDriver, 250));
        assertThat(created.status()).as("%s", created).isEqualTo(200);
        String productionPayout = created.data().path("id").asText();

        assertAllNotFound(production, sandboxPayout);
        assertAllNotFound(api(), productionPayout);

        assertThat(api().get("/api/v1/payouts/" + sandboxPayout).data().path("status").asText())
                .as("not canceled from the other mode").isNotEqualTo("canceled");
        assertThat(production.get("/api/v1/payouts/" + productionPayout).data().path("status").asText())
                .as("not canceled from the other mode").isNotEqualTo("canceled");
        assertThat(ids(production.get("/api/v1/payouts?pageSize=100").data())).doesNotContain(sandboxPayout);
        assertThat(ids(api().get("/api/v1/payouts?pageSize=100").data())).doesNotContain(productionPayout);
        Api.Response crossMode = api().post("/api/v1/payouts", payoutJson(productionDriver, 1));
        assertThat(crossMode.status()).as("a production driver is unknown in the sandbox").isEqualTo(404);
        WalletInvariant.assertHoldsOnceSettled(api());
        WalletInvariant.assertHoldsOnceSettled(production);
    }

    // ---- helpers ---------------------------------------------------------------------------------------------

    private void assertAllNotFound(Api caller, String payoutId) {
        List<Api.Response> responses = List.of(caller.get("/api/v1/payouts/" + payoutId),
                caller.post("/api/v1/payouts/" + payoutId + "/cancel", null),
                caller.post("/api/v1/payouts/" + payoutId + "/retry", null));
        for (Api.Response response : responses) {
            assertThat(response.status()).as("%s", response).isEqualTo(404);
            assertThat(response.error().path("code").asText()).isEqualTo("NOT_FOUND");
        }
    }

    private Api productionKey() {
        String id = owner().createKey("production", Api.ALL_SCOPES).body().path("id").asText();
        Api.Response approved = owner().post("/api/v1/admin/api-keys/" + id + "/approve", null);
        assertThat(approved.status()).as("approving: %s", approved).isEqualTo(200);
        return anonymous().withBearer(approved.body().path("key").asText());
    }

    /** A registered driver whose KYC is verified: active and payable. */
    private String payableDriver() {
        String id = api().registerDriver().path("id").asText();
        Api.Response verified = api().post("/api/v1/drivers/" + id + "/kyc", "{\"outcome\":\"verified\"}");
        assertThat(verified.status()).as("verifying: %s", verified).isEqualTo(200);
        return id;
    }

    /** Tops the sandbox wallet up and waits until the amount is available. */
    private void fund(long amount) {
        Balance before = balance();
        Api.Response topUp = api().post("/api/v1/funding/topup",
                "{\"amount\":%d,\"method\":\"bank_transfer\"}".formatted(amount));
        assertThat(topUp.status()).as("top-up: %s", topUp).isEqualTo(200);
        await("top-up of " + amount + " settles").atMost(PROJECTION_TIMEOUT).untilAsserted(() ->
                assertThat(api().get("/api/v1/balance").data().path("available").asLong())
                        .isEqualTo(before.available() + amount));
    }

    /**
     * The sandbox balance once it has stopped moving. Answers of payout, cancel and retry do not wait for the
     * balance read model, so comparing balances needs readings taken when it has caught up.
     */
    private Balance balance() {
        return WalletInvariant.quietBalance(api());
    }

    private Api.Response createPayout(String driverId, long amount) {
        return api().post("/api/v1/payouts", payoutJson(driverId, amount));
    }

    private String createdPayout(String driverId, long amount) {
        Api.Response response = createPayout(driverId, amount);
        assertThat(response.status()).as("creating a payout: %s", response).isEqualTo(200);
        return response.data().path("id").asText();
    }

    private String scenarioPayout(String driverId, long amount, String scenario) {
        Api.Response response = api().header("X-Sandbox-Scenario", scenario)
                .post("/api/v1/payouts", payoutJson(driverId, amount));
        assertThat(response.status()).as("creating a payout with %s: %s", scenario, response).isEqualTo(200);
        return response.data().path("id").asText();
    }

    private static String payoutJson(String driverId, long amount) {
        return "{\"driverId\":\"%s\",\"amount\":%d,\"urgency\":\"standard\",\"description\":\"test payout\"}"
                .formatted(driverId, amount);
    }

    private static String instantJson(String driverId, long amount) {
        return "{\"driverId\":\"%s\",\"amount\":%d,\"requestedBy\":\"driver-app\"}".formatted(driverId, amount);
    }

    private long feeFor(long amount) {
        Api.Response response = api().get("/api/v1/payouts/instant/fee?amount=" + amount);
        assertThat(response.status()).as("quote for %d: %s", amount, response).isEqualTo(200);
        assertThat(response.data().path("estimatedDeposit").asLong())
                .isEqualTo(amount - response.data().path("fee").asLong());
        return response.data().path("fee").asLong();
    }

    private void awaitStatus(String payoutId, String status) {
        await(RAIL_NEEDED + " (payout " + payoutId + " should become " + status + ")")
                .atMost(RAIL_TIMEOUT)
                .pollInterval(Duration.ofMillis(250))
                .untilAsserted(() -> assertThat(api().get("/api/v1/payouts/" + payoutId).data().path("status").asText())
                        .as("%s: %s", RAIL_NEEDED, payoutId)
                        .isEqualTo(status));
    }

    private void awaitTerminal(String payoutId) {
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
    private static void awaitSteadily(String what, Callable<Boolean> condition) {
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

    private JsonNode list(String query) {
        Api.Response response = api().get("/api/v1/payouts" + query);
        assertThat(response.status()).as("listing%s: %s", query, response).isEqualTo(200);
        return response.data();
    }

    private JsonNode driverPayouts(String driverId) {
        Api.Response response = api().get("/api/v1/drivers/" + driverId + "/payouts");
        assertThat(response.status()).as("%s", response).isEqualTo(200);
        return response.data();
    }

    /** The driver as the driver list shows it (with totalPaid and pendingPayouts). */
    private JsonNode listedDriver(String driverId) {
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

    private static List<String> ids(JsonNode list) {
        List<String> ids = new ArrayList<>();
        list.path("items").forEach(item -> ids.add(item.path("id").asText()));
        return ids;
    }

}
