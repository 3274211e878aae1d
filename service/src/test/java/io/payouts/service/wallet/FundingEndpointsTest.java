package io.payouts.service.wallet;

import com.fasterxml.jackson.databind.JsonNode;
import io.payouts.service.support.Api;
import io.payouts.service.support.HttpIntegrationTest;
import io.payouts.service.support.WalletInvariant.Balance;
import io.payouts.service.support.WalletInvariant;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The funding and balance endpoints over HTTP (interface-spec.md, Funding and balance; decisions.md, Money;
 * ADR-0011). The sandbox and production wallets are shared by every test class of the context, so balances are
 * asserted as differences and transactions are found by their ids; each test starts once no sandbox payout is in
 * flight. Every scenario that moves money ends with {@link WalletInvariant#assertHoldsOnceSettled}.
 */
class FundingEndpointsTest extends HttpIntegrationTest {

    private static final Duration SETTLE_TIMEOUT = Duration.ofSeconds(10);
    private static final Duration RAIL_TIMEOUT = Duration.ofSeconds(30);
    private static final String RAIL_NEEDED = "the simulated rail (ADR-0012) must complete the payout";
    private static final String PASSWORD = "a long enough password";

    @BeforeEach
    void noPayoutInFlight() {
        WalletInvariant.awaitNoPayoutInFlight(api());
    }

    // ---- top-up and balance ----------------------------------------------------------------------------------

    @Test
    void aSandboxTopUpAnswersPendingThenSettlesIntoAvailable() {
        Balance before = balance(api());

        Api.Response response = api().post("/api/v1/funding/topup", """
                {"amount":12345,"description":"March funding","method":"bank_transfer"}""");

        assertThat(response.status()).as("%s", response).isEqualTo(200);
        assertThat(response.body().path("success").asBoolean()).isTrue();
        JsonNode topUp = response.data();
        String transactionId = topUp.path("transactionId").asText();
        assertThat(transactionId).matches("txn_[0-9a-zA-Z]+");
        assertThat(topUp.path("amount").asLong()).isEqualTo(12345);
        assertThat(topUp.path("balance").isIntegralNumber()).isTrue();
        assertThat(topUp.path("balance").asLong()).isGreaterThanOrEqualTo(before.available());
        assertThat(topUp.path("status").asText()).isEqualTo("pending");
        assertThat(Instant.parse(topUp.path("createdAt").asText())).isBeforeOrEqualTo(Instant.now());

        await("the sandbox top-up settles").atMost(SETTLE_TIMEOUT).untilAsserted(() -> {
            Balance now = rawBalance(api());
            assertThat(now.available()).isEqualTo(before.available() + 12345);
            assertThat(now.pending()).isEqualTo(before.pending());
        });
        List<JsonNode> transactions = allTransactions(api(), "");
        int index = indexOf(transactions, transactionId);
        assertThat(index).as("the credit %s is listed", transactionId).isNotNegative();
        JsonNode credit = transactions.get(index);
        assertThat(credit.path("type").asText()).isEqualTo("credit");
        assertThat(credit.path("amount").asLong()).isEqualTo(12345);
        assertThat(credit.path("description").asText()).isEqualTo("March funding");
        assertThat(credit.path("createdAt").asText()).isNotBlank();
        long previousLedger = index + 1 < transactions.size() ? transactions.get(index + 1).path("balance").asLong() : 0;
        assertThat(credit.path("balance").asLong()).as("the balance after the credit")
                .isEqualTo(previousLedger + 12345);
        WalletInvariant.assertHoldsOnceSettled(api());
    }

    /** A regression: 1 to 3 of every 30 sandbox top-ups answered settled, racing the sandbox's settlement. */
    @Test
    void everyNewTopUpAnswersPendingWithTheBalanceAvailableWhenItWasRequested() {
        for (int i = 0; i < 30; i++) {
            Api.Response response = api().post("/api/v1/funding/topup", "{\"amount\":1,\"method\":\"bank_transfer\"}");

            assertThat(response.status()).as("%s", response).isEqualTo(200);
            assertThat(response.data().path("status").asText()).as("top-up %d", i).isEqualTo("pending");
        }
    }

    @Test
    void aTopUpMethodOutsideTheDocumentedSetIs400NamingMethod() {
        Balance before = balance(api());

        Api.Response response = api().post("/api/v1/funding/topup", "{\"amount\":100,\"method\":\"carrier_pigeon\"}");

        assertThat(response.status()).as("%s", response).isEqualTo(400);
        assertThat(response.error().path("code").asText()).isEqualTo("VALIDATION_ERROR");
        assertThat(response.error().path("details").path("method").asText())
                .isEqualTo("must be one of bank_transfer, wire, ach");
        assertThat(balance(api())).isEqualTo(before);
        for (String method : List.of("bank_transfer", "wire", "ach")) {
            assertThat(api().post("/api/v1/funding/topup", "{\"amount\":1,\"method\":\"%s\"}".formatted(method))
                    .status()).as(method).isEqualTo(200);
        }
    }

    @Test
    void theBalanceHasAvailablePendingInTransitAndCurrency() {
        Api.Response response = api().get("/api/v1/balance");

        assertThat(response.status()).as("%s", response).isEqualTo(200);
        assertThat(response.body().path("success").asBoolean()).isTrue();
        JsonNode balance = response.data();
        for (String field : List.of("available", "pending", "inTransit")) {
            assertThat(balance.path(field).isIntegralNumber()).as(field).isTrue();
            assertThat(balance.path(field).asLong()).as(field).isNotNegative();
        }
        assertThat(balance.path("currency").asText()).isEqualTo("USD");
    }

    @Test
    void invalidTopUpAmountsAre400NamingAmountAndChangeNothing() {
        Balance before = balance(api());
        long transactionsBefore = transactionTotal(api(), "");

        for (String amount : List.of("0", "-1", "100000001", "1.5", "\"100\"", "null")) {
            Api.Response response = api().post("/api/v1/funding/topup",
                    "{\"amount\":%s,\"method\":\"bank_transfer\"}".formatted(amount));

            assertThat(response.status()).as("amount %s: %s", amount, response).isEqualTo(400);
            assertThat(response.error().path("code").asText()).isEqualTo("VALIDATION_ERROR");
            assertThat(response.error().path("details").has("amount")).as("amount %s is named", amount).isTrue();
        }
        Api.Response missing = api().post("/api/v1/funding/topup", "{\"method\":\"bank_transfer\"}");
        assertThat(missing.status()).isEqualTo(400);
        assertThat(missing.error().path("details").has("amount")).isTrue();

        Balance after = balance(api());
        assertThat(after.available()).isEqualTo(before.available());
        assertThat(after.pending()).isEqualTo(before.pending());
        assertThat(transactionTotal(api(), "")).isEqualTo(transactionsBefore);
    }

    @Test
    void aTopUpNeedsThePayoutsWriteScope() {
        Api readOnly = owner().withNewKey("sandbox", List.of("balance:read"));

        Api.Response response = readOnly.post("/api/v1/funding/topup", "{\"amount\":100,\"method\":\"bank_transfer\"}");

        assertThat(response.status()).as("%s", response).isEqualTo(403);
        assertThat(response.error().path("code").asText()).isEqualTo("FORBIDDEN");
        assertThat(readOnly.get("/api/v1/balance").status()).isEqualTo(200);
    }

    // ---- transactions ----------------------------------------------------------------------------------------

    @Test
    void transactionsListCreditsNewestFirstAndFilterByType() {
        String older = settledTopUp(300);
        String newer = settledTopUp(400);

        Api.Response response = api().get("/api/v1/funding/transactions");

        assertThat(response.status()).as("%s", response).isEqualTo(200);
        JsonNode list = response.data();
        assertThat(list.has("hasNextPage")).as("the funding transactions list has no hasNextPage").isFalse();
        assertThat(list.path("page").asInt()).isEqualTo(1);
        assertThat(list.path("pageSize").asInt()).isEqualTo(50);
        assertThat(list.path("total").asLong()).isGreaterThanOrEqualTo(2);
        List<JsonNode> all = allTransactions(api(), "");
        assertThat(indexOf(all, newer)).as("newest first").isNotNegative().isLessThan(indexOf(all, older));
        JsonNode newest = all.get(indexOf(all, newer));
        assertThat(newest.path("id").asText()).startsWith("txn_");
        assertThat(newest.path("type").asText()).isEqualTo("credit");
        assertThat(newest.path("amount").asLong()).isEqualTo(400);
        assertThat(newest.path("balance").isIntegralNumber()).isTrue();

        List<JsonNode> credits = allTransactions(api(), "&type=credit");
        List<JsonNode> debits = allTransactions(api(), "&type=debit");
        assertThat(credits).allSatisfy(item -> assertThat(item.path("type").asText()).isEqualTo("credit"));
        assertThat(indexOf(credits, older)).isNotNegative();
        assertThat(indexOf(credits, newer)).isNotNegative();
        assertThat(debits).allSatisfy(item -> assertThat(item.path("type").asText()).isEqualTo("debit"));
        assertThat(indexOf(debits, newer)).isNegative();
        assertThat(credits.size() + debits.size()).isEqualTo(all.size());

        Api.Response badType = api().get("/api/v1/funding/transactions?type=refund");
        assertThat(badType.status()).as("%s", badType).isEqualTo(400);
        assertThat(badType.error().path("details").has("type")).isTrue();
        for (String query : List.of("?pageSize=101", "?pageSize=0", "?page=0")) {
            Api.Response bad = api().get("/api/v1/funding/transactions" + query);
            assertThat(bad.status()).as("%s: %s", query, bad).isEqualTo(400);
        }
        JsonNode onePerPage = api().get("/api/v1/funding/transactions?pageSize=1&page=2").data();
        assertThat(onePerPage.path("items")).hasSize(1);
        assertThat(onePerPage.path("page").asInt()).isEqualTo(2);
        WalletInvariant.assertHoldsOnceSettled(api());
    }

    /** Completion turns the reservation into a debit; needs the simulated rail. */
    @Test
    void aCompletedPayoutIsADebitTransaction() {
        String driverId = payableDriver(api());
        settledTopUp(1_500);
        Api.Response created = api().post("/api/v1/payouts/instant", """
                {"driverId":"%s","amount":1500,"requestedBy":"driver-app"}""".formatted(driverId));
        assertThat(created.status()).as("%s", created).isEqualTo(200);
        String payoutId = created.data().path("id").asText();

        await(RAIL_NEEDED + " (payout " + payoutId + ")").atMost(RAIL_TIMEOUT).pollInterval(Duration.ofMillis(250))
                .untilAsserted(() -> assertThat(api().get("/api/v1/payouts/" + payoutId).data().path("status").asText())
                        .as(RAIL_NEEDED).isEqualTo("completed"));
        await("the debit is listed").atMost(SETTLE_TIMEOUT).untilAsserted(() ->
                assertThat(allTransactions(api(), "&type=debit"))
                        .anySatisfy(item -> assertThat(item.path("payoutId").asText()).isEqualTo(payoutId)));

        JsonNode debit = allTransactions(api(), "&type=debit").stream()
                .filter(item -> item.path("payoutId").asText().equals(payoutId)).findFirst().orElseThrow();
        assertThat(debit.path("id").asText()).startsWith("txn_");
        assertThat(debit.path("type").asText()).isEqualTo("debit");
        assertThat(debit.path("amount").asLong()).as("the wallet is debited the amount, fee included").isEqualTo(1500);
        assertThat(debit.path("balance").isIntegralNumber()).isTrue();
        assertThat(debit.path("createdAt").asText()).isNotBlank();
        WalletInvariant.assertHoldsOnceSettled(api());
    }

    // ---- projection ------------------------------------------------------------------------------------------

    @Test
    void theProjectionHasOneEntryPerDayStartingTodayAndAddsUp() {
        LocalDate todayBefore = LocalDate.now(ZoneOffset.UTC);
        Api.Response response = api().get("/api/v1/funding/projection?days=7");
        LocalDate todayAfter = LocalDate.now(ZoneOffset.UTC);

        assertThat(response.status()).as("%s", response).isEqualTo(200);
        JsonNode projection = response.data();
        assertAddsUp(projection);
        JsonNode days = projection.path("dailyProjection");
        assertThat(days).hasSize(7);
        LocalDate first = LocalDate.parse(days.get(0).path("date").asText());
        assertThat(first).isIn(todayBefore, todayAfter);
        for (int day = 0; day < 7; day++) {
            assertThat(days.get(day).path("date").asText()).matches("\\d{4}-\\d{2}-\\d{2}")
                    .isEqualTo(first.plusDays(day).toString());
            assertThat(days.get(day).path("outflow").isIntegralNumber()).isTrue();
        }

        assertThat(api().get("/api/v1/funding/projection").data().path("dailyProjection")).as("default 14 days")
                .hasSize(14);
        assertThat(api().get("/api/v1/funding/projection?days=1").data().path("dailyProjection")).hasSize(1);
        assertThat(api().get("/api/v1/funding/projection?days=90").data().path("dailyProjection")).hasSize(90);
    }

    @Test
    void theProjectionCountsFundsHeldAndInFlightPayouts() {
        String driverId = payableDriver(api());
        settledTopUp(400);
        JsonNode before = api().get("/api/v1/funding/projection?days=7").data();
        assertAddsUp(before);
        Balance quiet = balance(api());
        assertThat(api().get("/api/v1/funding/projection?days=7").data().path("currentBalance").asLong())
                .as("funds held = available + in transit").isEqualTo(quiet.available() + quiet.inTransit());

        Api.Response payout = api().post("/api/v1/payouts", """
                {"driverId":"%s","amount":400,"urgency":"standard"}""".formatted(driverId));
        assertThat(payout.status()).as("%s", payout).isEqualTo(200);

        JsonNode after = api().get("/api/v1/funding/projection?days=7").data();
        assertAddsUp(after);
        assertThat(after.path("projectedBalance").asLong()).as("a new payout is outflow of funds still held")
                .isEqualTo(before.path("projectedBalance").asLong() - 400);
        WalletInvariant.assertHoldsOnceSettled(api());
    }

    @Test
    void projectionDaysOutsideOneToNinetyAre400NamingDays() {
        for (String days : List.of("0", "91", "-1", "abc")) {
            Api.Response response = api().get("/api/v1/funding/projection?days=" + days);

            assertThat(response.status()).as("days=%s: %s", days, response).isEqualTo(400);
            assertThat(response.error().path("details").has("days")).as("days=%s is named", days).isTrue();
        }
    }

    // ---- production top-ups ----------------------------------------------------------------------------------

    @Test
    void aProductionTopUpStaysPendingUntilTheOwnerSettlesIt() {
        Api production = productionKey();
        Balance before = balance(production);

        Api.Response requested = production.post("/api/v1/funding/topup",
                "{\"amount\":5000,\"description\":\"wire 123\",\"method\":\"bank_transfer\"}");

        assertThat(requested.status()).as("%s", requested).isEqualTo(200);
        assertThat(requested.data().path("status").asText()).isEqualTo("pending");
        String transactionId = requested.data().path("transactionId").asText();
        assertThat(transactionId).startsWith("txn_");
        Balance pending = balance(production);
        assertThat(pending.pending()).isEqualTo(before.pending() + 5000);
        assertThat(pending.available()).isEqualTo(before.available());
        await("a production top-up does not settle by itself").during(Duration.ofSeconds(2))
                .atMost(Duration.ofSeconds(4)).untilAsserted(() -> {
                    Balance now = rawBalance(production);
                    assertThat(now.pending()).isEqualTo(before.pending() + 5000);
                    assertThat(now.available()).isEqualTo(before.available());
                });
        assertThat(indexOf(allTransactions(production, ""), transactionId)).as("no credit before settlement")
                .isNegative();

        String settlePath = "/api/v1/admin/funding/topups/" + transactionId + "/settle";
        Api developer = newUser("developer");
        assertThat(developer.post(settlePath, null).status()).as("a developer session").isEqualTo(403);
        assertThat(production.post(settlePath, null).status()).as("an API key").isEqualTo(401);
        assertThat(api().post(settlePath, null).status()).as("a sandbox API key").isEqualTo(401);
        assertThat(anonymous().post(settlePath, null).status()).as("no credential").isEqualTo(401);
        for (String unknown : List.of("txn_" + "0".repeat(32), "nope")) {
            Api.Response response = owner().post("/api/v1/admin/funding/topups/" + unknown + "/settle", null);
            assertThat(response.status()).as("%s: %s", unknown, response).isEqualTo(404);
        }
        assertThat(balance(production).pending()).as("refused settlements change nothing")
                .isEqualTo(before.pending() + 5000);

        Api.Response settled = owner().post(settlePath, null);

        assertThat(settled.status()).as("%s", settled).isEqualTo(200);
        assertThat(settled.data().path("transactionId").asText()).isEqualTo(transactionId);
        assertThat(settled.data().path("amount").asLong()).isEqualTo(5000);
        Balance after = balance(production);
        assertThat(after.available()).isEqualTo(before.available() + 5000);
        assertThat(after.pending()).isEqualTo(before.pending());
        JsonNode credit = allTransactions(production, "").get(indexOf(allTransactions(production, ""), transactionId));
        assertThat(credit.path("type").asText()).isEqualTo("credit");
        assertThat(credit.path("amount").asLong()).isEqualTo(5000);
        assertThat(indexOf(allTransactions(api(), ""), transactionId)).as("not in the sandbox").isNegative();

        Api.Response again = owner().post(settlePath, null);
        assertThat(again.status()).as("settling twice: %s", again).isIn(404, 409);
        assertThat(balance(production).available()).as("credited once").isEqualTo(before.available() + 5000);
        WalletInvariant.assertHoldsOnceSettled(production);
    }

    @Test
    void theAdminSettlementDoesNotReachSandboxTopUps() {
        String sandboxTopUp = settledTopUp(100);
        Balance before = balance(api());

        Api.Response response = owner().post("/api/v1/admin/funding/topups/" + sandboxTopUp + "/settle", null);

        assertThat(response.status()).as("%s", response).isIn(404, 409);
        assertThat(balance(api()).available()).isEqualTo(before.available());
        WalletInvariant.assertHoldsOnceSettled(api());
    }

    // ---- helpers ---------------------------------------------------------------------------------------------

    private static void assertAddsUp(JsonNode projection) {
        for (String field : List.of("currentBalance", "projectedBalance", "projectedOutflow")) {
            assertThat(projection.path(field).isIntegralNumber()).as(field).isTrue();
        }
        assertThat(projection.path("projectedBalance").asLong()).as("projectedBalance = currentBalance - outflow")
                .isEqualTo(projection.path("currentBalance").asLong() - projection.path("projectedOutflow").asLong());
        long daily = 0;
        for (JsonNode day : projection.path("dailyProjection")) {
            daily += day.path("outflow").asLong();
        }
        assertThat(daily).as("the daily outflows add up to projectedOutflow")
                .isEqualTo(projection.path("projectedOutflow").asLong());
    }

    /** Tops the sandbox wallet up, waits until it is available, and returns the transaction id. */
    private String settledTopUp(long amount) {
        Balance before = balance(api());
        Api.Response topUp = api().post("/api/v1/funding/topup",
                "{\"amount\":%d,\"method\":\"bank_transfer\"}".formatted(amount));
        assertThat(topUp.status()).as("top-up: %s", topUp).isEqualTo(200);
        await("top-up of " + amount + " settles").atMost(SETTLE_TIMEOUT).untilAsserted(() ->
                assertThat(rawBalance(api()).available()).isEqualTo(before.available() + amount));
        return topUp.data().path("transactionId").asText();
    }

    private static String payableDriver(Api api) {
        String id = api.registerDriver().path("id").asText();
        Api.Response verified = api.post("/api/v1/drivers/" + id + "/kyc", "{\"outcome\":\"verified\"}");
        assertThat(verified.status()).as("verifying: %s", verified).isEqualTo(200);
        return id;
    }

    private Api newUser(String role) {
        String email = role + "-" + UUID.randomUUID() + "@example.com";
        Api.Response created = owner().post("/api/v1/admin/users",
                "{\"email\":\"%s\",\"password\":\"%s\",\"role\":\"%s\"}".formatted(email, PASSWORD, role));
        assertThat(created.status()).as("creating a %s: %s", role, created).isEqualTo(200);
        return anonymous().signedIn(email, PASSWORD);
    }

    /** The balance once it has stopped moving, for comparisons before and after an action. */
    private static Balance balance(Api api) {
        return WalletInvariant.quietBalance(api);
    }

    /** One reading of the balance, for polling. */
    private static Balance rawBalance(Api api) {
        Api.Response response = api.get("/api/v1/balance");
        assertThat(response.status()).as("%s", response).isEqualTo(200);
        JsonNode data = response.data();
        return new Balance(data.path("available").asLong(), data.path("pending").asLong(),
                data.path("inTransit").asLong());
    }

    private static long transactionTotal(Api api, String filter) {
        return api.get("/api/v1/funding/transactions?pageSize=1" + filter).data().path("total").asLong();
    }

    /** Every transaction of the caller's mode, newest first; {@code filter} is appended to the query. */
    private static List<JsonNode> allTransactions(Api api, String filter) {
        List<JsonNode> items = new ArrayList<>();
        for (int page = 1; ; page++) {
            Api.Response response = api.get("/api/v1/funding/transactions?pageSize=100&page=" + page + filter);
            assertThat(response.status()).as("%s", response).isEqualTo(200);
            response.data().path("items").forEach(items::add);
            if ((long) page * 100 >= response.data().path("total").asLong()) {
                return items;
            }
        }
    }

    private static int indexOf(List<JsonNode> transactions, String id) {
        for (int i = 0; i < transactions.size(); i++) {
            if (transactions.get(i).path("id").asText().equals(id)) {
                return i;
            }
        }
        return -1;
    }
}
