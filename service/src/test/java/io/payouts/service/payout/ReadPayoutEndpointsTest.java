package io.payouts.service.payout;

import com.fasterxml.jackson.databind.JsonNode;
import io.payouts.service.support.Api;
import io.payouts.service.support.WalletInvariant;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** Reading payouts: get, the filtered and paginated list, a driver's payouts and totals, and mode isolation. */
class ReadPayoutEndpointsTest extends PayoutEndpoints {

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

    /** A range of UTC days, both included, on when each payout was requested; it combines with the other filters. */
    @Test
    void listsPayoutsRequestedWithinARangeOfUtcDays() {
        String driverId = payableDriver();
        fund(100 + 200);
        String kept = createdPayout(driverId, 100);
        String canceled = createdPayout(driverId, 200);
        assertThat(api().post("/api/v1/payouts/" + canceled + "/cancel", null).status()).isEqualTo(200);
        LocalDate day = Instant.parse(api().get("/api/v1/payouts/" + kept).data().path("requestedAt").asText())
                .atZone(ZoneOffset.UTC).toLocalDate();
        String ofDriver = "?driverId=" + driverId;

        assertThat(ids(list(ofDriver + "&from=" + day + "&to=" + day))).containsExactlyInAnyOrder(kept, canceled);
        assertThat(ids(list(ofDriver + "&from=" + day.minusDays(3)))).containsExactlyInAnyOrder(kept, canceled);
        assertThat(ids(list(ofDriver + "&to=" + day))).containsExactlyInAnyOrder(kept, canceled);
        assertThat(ids(list(ofDriver + "&from=" + day.plusDays(1)))).isEmpty();
        assertThat(ids(list(ofDriver + "&to=" + day.minusDays(1)))).isEmpty();
        assertThat(ids(list(ofDriver + "&status=canceled&from=" + day + "&to=" + day))).containsExactly(canceled);
        JsonNode ofTheDay = list("?from=" + day + "&to=" + day + "&pageSize=100");
        assertThat(ofTheDay.path("items")).isNotEmpty().allSatisfy(item -> assertThat(Instant.parse(
                item.path("requestedAt").asText()).atZone(ZoneOffset.UTC).toLocalDate()).isEqualTo(day));
        WalletInvariant.assertHoldsOnceSettled(api());
    }

    @Test
    void aBadDayOrARangeEndingBeforeItStartsIs400NamingTheParameter() {
        for (String query : List.of("?from=2026-13-01", "?to=yesterday", "?from=2026-2-01", "?to=2026-02-30",
                "?from=2026-03-02&to=2026-03-01")) {
            Api.Response response = api().get("/api/v1/payouts" + query);

            assertThat(response.status()).as("%s: %s", query, response).isEqualTo(400);
            assertThat(response.error().path("code").asText()).isEqualTo("VALIDATION_ERROR");
            String parameter = query.contains("&") ? "to" : query.substring(1, query.indexOf('='));
            assertThat(response.error().path("details").has(parameter)).as("%s names %s: %s", query, parameter,
                    response).isTrue();
        }
        assertThat(api().get("/api/v1/payouts?from=2026-03-01&to=2026-03-01").status()).isEqualTo(200);
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
}
