package io.payouts.service.payout;

import com.fasterxml.jackson.databind.JsonNode;
import io.payouts.service.support.Api;
import io.payouts.service.support.WalletInvariant.Balance;
import io.payouts.service.support.WalletInvariant;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

/** Bulk create, cancel and retry: every item reported, one to one hundred items. */
class BulkPayoutEndpointsTest extends PayoutEndpoints {

    // ---- bulk ------------------------------------------------------------------------------------------------

    @Test
    void bulkCreateReportsEveryItemAndPartlySucceeds() {
        String payable = payableDriver();
        String unverified = api().registerDriver().path("id").asText();
        spendDownToLessThanOnePayout();
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

    /** One item's rules are the single request's: its error text names each field with the same problem. */
    @Test
    void aBulkItemNamesEachFieldItBreaksWithTheProblemASingleRequestNames() {
        String driverId = payableDriver();
        String invalid = "{\"driverId\":\"%s\",\"amount\":0,\"description\":\"%s\"}"
                .formatted(driverId, "x".repeat(501));

        Api.Response single = api().post("/api/v1/payouts", invalid);
        Api.Response bulk = api().post("/api/v1/payouts/bulk", "{\"payouts\":[" + invalid + "]}");

        assertThat(single.status()).as("%s", single).isEqualTo(400);
        JsonNode details = single.error().path("details");
        assertThat(details.has("amount")).as("%s", single).isTrue();
        assertThat(details.has("description")).as("%s", single).isTrue();
        JsonNode item = bulk.data().path("results").path(0);
        assertThat(item.path("code").asText()).isEqualTo("VALIDATION_ERROR");
        assertThat(item.path("error").asText()).isEqualTo("amount: " + details.path("amount").asText()
                + "; description: " + details.path("description").asText());
    }

    /** Found by the fuzzer (reliability/): a null item was a 500 for the whole bulk. */
    @Test
    void aNullItemIsReportedAsAnItemAndTheOthersGoOn() {
        String driverId = payableDriver();
        fund(100);

        Api.Response response = api().post("/api/v1/payouts/bulk",
                "{\"payouts\":[null,{\"driverId\":\"%s\",\"amount\":100}]}".formatted(driverId));

        assertThat(response.status()).as("%s", response).isEqualTo(200);
        JsonNode results = response.data().path("results");
        assertThat(results.path(0).path("status").asText()).isEqualTo("error");
        assertThat(results.path(0).path("code").asText()).isEqualTo("VALIDATION_ERROR");
        assertThat(results.path(1).path("status").asText()).isEqualTo("success");
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
}
