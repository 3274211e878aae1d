package io.payouts.service.wallet;

import com.fasterxml.jackson.databind.JsonNode;
import io.payouts.service.support.Api;
import io.payouts.service.support.HttpIntegrationTest;
import io.payouts.service.support.WalletInvariant;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * GET /api/v1/funding/statements over HTTP (ADR-0042): JSON and CSV, the refusals of a bad range or format, the
 * balance:read scope, and each mode's own wallet. The wallets are shared by every test class of the context, so a
 * test asserts on what its own top-ups changed, on today's line.
 */
class FundingStatementEndpointsTest extends HttpIntegrationTest {

    private static final Duration SETTLE_TIMEOUT = Duration.ofSeconds(10);
    private static final String STATEMENTS = "/api/v1/funding/statements";

    @BeforeEach
    void noPayoutInFlight() {
        WalletInvariant.awaitNoPayoutInFlight(api());
    }

    /**
     * Other classes' money may move while this one reads (a scheduled batch, a settlement that comes late), so the
     * statement is compared with the balance read just before and just after it, once the two agree.
     */
    @Test
    void aSettledTopUpJoinsTodaysLineWhichClosesAtTheLedger() {
        String today = today().toString();
        JsonNode before = line(api(), today);

        String topUp = settledTopUp(api(), 4_321);

        await("a statement read while the balance stood still").atMost(SETTLE_TIMEOUT).untilAsserted(() -> {
            List<Long> balanceBefore = ledger();
            JsonNode statement = api().get(STATEMENTS + "?from=" + today + "&to=" + today).data();
            JsonNode listed = api().get("/api/v1/funding/transactions?pageSize=100&date=" + today).data();
            List<Long> balanceAfter = ledger();
            assertThat(balanceAfter).as("the balance stood still while the statement was read")
                    .isEqualTo(balanceBefore);
            JsonNode line = statement.path("lines").get(0);
            assertThat(statement.path("from").asText()).isEqualTo(today);
            assertThat(statement.path("currency").asText()).isEqualTo("USD");
            assertThat(line.path("date").asText()).isEqualTo(today);
            assertThat(line.path("openingBalance").asLong()).isEqualTo(before.path("openingBalance").asLong());
            assertThat(line.path("topUps").asLong()).isGreaterThanOrEqualTo(before.path("topUps").asLong() + 4_321);
            assertThat(line.path("topUpCount").asLong()).isGreaterThan(before.path("topUpCount").asLong());
            assertThat(line.path("closingBalance").asLong()).as("closing = opening + top-ups - payouts + returned")
                    .isEqualTo(line.path("openingBalance").asLong() + line.path("topUps").asLong()
                            - line.path("payoutsPaid").asLong() + line.path("returned").asLong());
            assertThat(line.path("closingBalance").asLong() + netDatedAfterToday())
                    .as("the ledger: available + in transit, less what is dated after today")
                    .isEqualTo(balanceBefore.get(0) + balanceBefore.get(1));
            assertThat(statement.path("closingBalance").asLong()).isEqualTo(line.path("closingBalance").asLong());
            assertThat(listed.path("total").asLong()).as("the day's transactions")
                    .isEqualTo(line.path("transactionCount").asLong());
            assertThat(listed.path("items").findValuesAsText("id")).contains(topUp);
        });
    }

    @Test
    void everyDayOfTheRangeHasALineEachOpeningAtTheCloseBefore() {
        LocalDate from = today().minusDays(6);

        JsonNode statement = api().get(STATEMENTS + "?from=" + from + "&to=" + today()).data();

        JsonNode lines = statement.path("lines");
        assertThat(lines).hasSize(7);
        assertThat(statement.path("openingBalance").asLong()).isEqualTo(lines.get(0).path("openingBalance").asLong());
        for (int day = 0; day < 7; day++) {
            JsonNode line = lines.get(day);
            assertThat(line.path("date").asText()).isEqualTo(from.plusDays(day).toString());
            if (day > 0) {
                assertThat(line.path("openingBalance").asLong()).as("%s", line)
                        .isEqualTo(lines.get(day - 1).path("closingBalance").asLong());
            }
        }
        long topUps = 0;
        for (JsonNode line : lines) {
            topUps += line.path("topUps").asLong();
        }
        assertThat(statement.path("topUps").asLong()).isEqualTo(topUps);
    }

    @Test
    void formatCsvAnswersTheSameLinesWithAHeaderRowInCents() {
        settledTopUp(api(), 777);
        LocalDate from = today().minusDays(2);
        String range = "?from=" + from + "&to=" + today();
        JsonNode json = api().get(STATEMENTS + range).data().path("lines");

        Api.Response csv = api().get(STATEMENTS + range + "&format=csv");

        assertThat(csv.status()).as("%s", csv).isEqualTo(200);
        assertThat(csv.header("Content-Type")).startsWith("text/csv");
        assertThat(csv.header("Content-Disposition"))
                .isEqualTo("attachment; filename=\"funding-statement-sandbox-" + from + "-" + today() + ".csv\"");
        List<String> rows = List.of(csv.body().asText().split("\r\n"));
        assertThat(rows.get(0)).isEqualTo("date,openingBalance,topUps,topUpCount,payoutsPaid,payoutCount,fees,"
                + "returned,returnedCount,closingBalance,transactionCount,firstTransactionId,lastTransactionId");
        assertThat(rows).hasSize(4);
        List<String> columns = List.of(rows.get(0).split(","));
        for (int day = 0; day < 3; day++) {
            String[] values = rows.get(day + 1).split(",", -1);
            JsonNode line = json.get(day);
            for (int column = 0; column < columns.size(); column++) {
                JsonNode value = line.path(columns.get(column));
                assertThat(values[column]).as("%s of %s", columns.get(column), line.path("date"))
                        .isEqualTo(value.isNull() ? "" : value.asText());
            }
        }
    }

    @Test
    void aBadRangeOrFormatIs400NamingTheParameter() {
        Map<String, String> refusals = Map.of(
                "?to=2026-01-31", "from",
                "?from=2026-01-01", "to",
                "?from=2026-02-30&to=2026-03-01", "from",
                "?from=2026-01-01&to=31/01/2026", "to",
                "?from=+12026-01-01&to=2026-01-31", "from",
                "?from=2026-02-01&to=2026-01-31", "to",
                "?from=2025-01-01&to=2026-01-02", "to",
                "?from=2026-01-01&to=2026-01-31&format=xml", "format");
        refusals.forEach((query, field) -> {
            Api.Response response = api().get(STATEMENTS + query);

            assertThat(response.status()).as("%s: %s", query, response).isEqualTo(400);
            assertThat(response.error().path("code").asText()).isEqualTo("VALIDATION_ERROR");
            assertThat(response.error().path("details").has(field)).as("%s names %s: %s", query, field, response)
                    .isTrue();
        });
        assertThat(api().get(STATEMENTS + "?from=2024-01-01&to=2024-12-31").data().path("lines"))
                .as("a leap year's 366 days are allowed").hasSize(366);
        Api.Response badDay = api().get("/api/v1/funding/transactions?date=yesterday");
        assertThat(badDay.status()).as("%s", badDay).isEqualTo(400);
        assertThat(badDay.error().path("details").has("date")).isTrue();
    }

    @Test
    void aStatementNeedsTheBalanceReadScope() {
        String range = "?from=" + today() + "&to=" + today();
        Api payoutsOnly = owner().withNewKey("sandbox", List.of("payouts:read"));
        Api balanceReader = owner().withNewKey("sandbox", List.of("balance:read"));

        Api.Response refused = payoutsOnly.get(STATEMENTS + range);

        assertThat(refused.status()).as("%s", refused).isEqualTo(403);
        assertThat(refused.error().path("code").asText()).isEqualTo("FORBIDDEN");
        assertThat(payoutsOnly.get(STATEMENTS + range + "&format=csv").status()).isEqualTo(403);
        assertThat(balanceReader.get(STATEMENTS + range).status()).isEqualTo(200);
        assertThat(anonymous().get(STATEMENTS + range).status()).isEqualTo(401);
    }

    @Test
    void eachModeStatesItsOwnWallet() {
        Api production = productionKey();
        String today = today().toString();
        JsonNode productionBefore = line(production, today);
        JsonNode sandboxBefore = line(api(), today);

        settledTopUp(api(), 1_234);

        assertThat(line(api(), today).path("topUps").asLong()).as("the sandbox's, whose other top-ups may settle too")
                .isGreaterThanOrEqualTo(sandboxBefore.path("topUps").asLong() + 1_234);
        assertThat(line(production, today)).as("the production wallet's line").isEqualTo(productionBefore);
        assertThat(production.get(STATEMENTS + "?from=" + today + "&to=" + today + "&format=csv").header(
                "Content-Disposition")).contains("funding-statement-production-");
    }

    /** Available and in transit. */
    /**
     * Other test classes move the shared clock days ahead while payouts complete, so some transactions are dated after
     * today: the ledger holds them, today's close does not.
     */
    private long netDatedAfterToday() {
        long net = 0;
        for (int days = 1; days <= 7; days++) {
            for (JsonNode item : api().get("/api/v1/funding/transactions?pageSize=100&date=" + today().plusDays(days))
                    .data().path("items")) {
                long amount = item.path("amount").asLong();
                net += "credit".equalsIgnoreCase(item.path("type").asText()) ? amount : -amount;
            }
        }
        return net;
    }

    private List<Long> ledger() {
        JsonNode balance = api().get("/api/v1/balance").data();
        return List.of(balance.path("available").asLong(), balance.path("inTransit").asLong());
    }

    private static LocalDate today() {
        return LocalDate.now(ZoneOffset.UTC);
    }

    private static JsonNode line(Api caller, String day) {
        Api.Response response = caller.get(STATEMENTS + "?from=" + day + "&to=" + day);
        assertThat(response.status()).as("%s", response).isEqualTo(200);
        return response.data().path("lines").get(0);
    }

    /** A sandbox top-up, once the sandbox settled it and the transactions list has its credit. */
    private static String settledTopUp(Api caller, long amount) {
        Api.Response response = caller.post("/api/v1/funding/topup",
                "{\"amount\":%d,\"method\":\"bank_transfer\"}".formatted(amount));
        assertThat(response.status()).as("%s", response).isEqualTo(200);
        String id = response.data().path("transactionId").asText();
        await("the top-up settles").atMost(SETTLE_TIMEOUT).untilAsserted(() -> {
            List<String> ids = new ArrayList<>();
            caller.get("/api/v1/funding/transactions?type=credit&pageSize=100").data().path("items")
                    .forEach(item -> ids.add(item.path("id").asText()));
            assertThat(ids).contains(id);
        });
        return id;
    }
}
