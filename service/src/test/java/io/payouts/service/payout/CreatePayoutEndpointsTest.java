package io.payouts.service.payout;

import com.fasterxml.jackson.databind.JsonNode;
import io.payouts.service.support.Api;
import io.payouts.service.support.WalletInvariant.Balance;
import io.payouts.service.support.WalletInvariant;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Creating a payout, standard or instant, the fee quote, and the refusals and sandbox scenarios of creation. */
class CreatePayoutEndpointsTest extends PayoutEndpoints {

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
        spendDownToLessThanOnePayout();
        fund(1_000);
        Balance before = balance();
        long tooMuch = before.available() + 1;

        Api.Response standard = createPayout(driverId, tooMuch);
        Api.Response instant = api().post("/api/v1/payouts/instant", instantJson(driverId, tooMuch));

        for (Api.Response response : List.of(standard, instant)) {
            assertThat(response.status()).as("%s", response).isEqualTo(400);
            assertThat(response.error().path("code").asText()).isEqualTo("INSUFFICIENT_FUNDS");
        }
        assertThat(standard.error().path("message").asText()).as("the amounts as sent and as a person reads them")
                .contains(tooMuch + " cents ($").contains(before.available() + " cents ($");
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
    void thePayoutFailedScenarioEndsFailedAndReturnsTheFunds() {
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
}
