package io.payouts.service.payout;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.payouts.service.support.Api;
import io.payouts.service.support.WalletInvariant;
import io.payouts.shared.payout.Requester;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * {@code requestedBy}, who the caller says asked for a payout: kept with the payout on the instant, standard and bulk
 * endpoints, answered wherever the payout is (its POST, its GET, the lists, its history) and left out when the request
 * named no one, as the payout's other optional fields are. Text that would read as something other than it is
 * (direction marks, control characters) or that cannot be stored is refused, and nothing is written.
 */
class RequestedByEndpointsTest extends PayoutEndpoints {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String REQUESTER = "driver app: Zoë Ñúñez \uD83D\uDE9A";

    @Autowired
    private JdbcTemplate jdbc;

    @Test
    void anInstantPayoutKeepsWhoAskedForItAndShowsItWhereverThePayoutIsShown() {
        String driverId = payableDriver();
        fund(2_000);

        Api.Response created = api().post("/api/v1/payouts/instant", body(Map.of("driverId", driverId,
                "amount", 1_000, "requestedBy", REQUESTER)));

        assertThat(created.status()).as("%s", created).isEqualTo(200);
        assertThat(created.data().path("requestedBy").asText()).isEqualTo(REQUESTER);
        String payoutId = created.data().path("id").asText();
        assertThat(api().get("/api/v1/payouts/" + payoutId).data().path("requestedBy").asText())
                .isEqualTo(REQUESTER);
        await("the payout list shows it").atMost(PROJECTION_TIMEOUT).untilAsserted(() ->
                assertThat(listed(list("?driverId=" + driverId), payoutId).path("requestedBy").asText())
                        .isEqualTo(REQUESTER));
        assertThat(listed(driverPayouts(driverId), payoutId).path("requestedBy").asText()).isEqualTo(REQUESTER);
        assertThat(createdEntry(payoutId).path("data").path("requestedBy").asText()).isEqualTo(REQUESTER);
        WalletInvariant.assertHoldsOnceSettled(api());
    }

    @Test
    void aStandardPayoutAndABulkItemKeepWhoAskedForThemToo() {
        String driverId = payableDriver();
        fund(3_000);

        Api.Response standard = api().post("/api/v1/payouts", body(Map.of("driverId", driverId, "amount", 1_000,
                "requestedBy", "dispatcher: Ben")));
        Api.Response bulk = api().post("/api/v1/payouts/bulk", body(Map.of("payouts", List.of(
                Map.of("driverId", driverId, "amount", 1_000, "requestedBy", "payroll run 12"),
                Map.of("driverId", driverId, "amount", 1_000)))));

        assertThat(standard.status()).as("%s", standard).isEqualTo(200);
        assertThat(standard.data().path("requestedBy").asText()).isEqualTo("dispatcher: Ben");
        assertThat(api().get("/api/v1/payouts/" + standard.data().path("id").asText()).data()
                .path("requestedBy").asText()).isEqualTo("dispatcher: Ben");
        assertThat(bulk.status()).as("%s", bulk).isEqualTo(200);
        assertThat(bulk.data().path("succeeded").asInt()).as("%s", bulk).isEqualTo(2);
        JsonNode named = api().get("/api/v1/payouts/"
                + bulk.data().path("results").get(0).path("item").path("id").asText()).data();
        JsonNode unnamed = api().get("/api/v1/payouts/"
                + bulk.data().path("results").get(1).path("item").path("id").asText()).data();
        assertThat(named.path("requestedBy").asText()).isEqualTo("payroll run 12");
        assertThat(unnamed.has("requestedBy")).as("left out when the request named no one: %s", unnamed).isFalse();
        WalletInvariant.assertHoldsOnceSettled(api());
    }

    @Test
    void aPayoutWhoseRequestNamedNoOneLeavesTheFieldOut() {
        String driverId = payableDriver();
        fund(1_000);

        Api.Response created = api().post("/api/v1/payouts/instant", body(Map.of("driverId", driverId,
                "amount", 1_000)));

        assertThat(created.status()).as("%s", created).isEqualTo(200);
        assertThat(created.data().has("requestedBy")).isFalse();
        String payoutId = created.data().path("id").asText();
        assertThat(api().get("/api/v1/payouts/" + payoutId).data().has("requestedBy")).isFalse();
        assertThat(createdEntry(payoutId).path("data").has("requestedBy")).isFalse();
        WalletInvariant.assertHoldsOnceSettled(api());
    }

    static Stream<Arguments> hostileText() {
        return Stream.of(
                Arguments.of("a right-to-left mark", "Ana\u200f", Requester.NOT_PLAIN),
                Arguments.of("a right-to-left override", "Ana \u202eexe.fdp", Requester.NOT_PLAIN),
                Arguments.of("an isolate", "\u2067Ana\u2069", Requester.NOT_PLAIN),
                Arguments.of("a zero-width space", "An\u200ba", Requester.NOT_PLAIN),
                Arguments.of("a line break", "Ana\nApproved: yes", Requester.NOT_PLAIN),
                Arguments.of("a bell", "Ana\u0007", Requester.NOT_PLAIN),
                Arguments.of("U+0000", "Ana\u0000", "must not contain U+0000 or unpaired surrogates"),
                Arguments.of("201 characters", "a".repeat(201), Requester.TOO_LONG),
                Arguments.of("a megabyte", "a".repeat(1_000_000), Requester.TOO_LONG));
    }

    @ParameterizedTest(name = "instant: {0}")
    @MethodSource("hostileText")
    void anInstantPayoutNamingItsRequesterWithHostileTextIsRefusedAndNothingIsWritten(String what, String text,
                                                                                      String problem) {
        assertRefusedWithNothingWritten("/api/v1/payouts/instant", Map.of("driverId", payableDriver(),
                "amount", 1_000, "requestedBy", text), "requestedBy", problem);
    }

    @ParameterizedTest(name = "standard: {0}")
    @MethodSource("hostileText")
    void aStandardPayoutNamingItsRequesterWithHostileTextIsRefusedAndNothingIsWritten(String what, String text,
                                                                                      String problem) {
        assertRefusedWithNothingWritten("/api/v1/payouts", Map.of("driverId", payableDriver(), "amount", 1_000,
                "requestedBy", text), "requestedBy", problem);
    }

    /** A bulk request partly succeeds: its item is refused on its own, as an item with a bad amount is. */
    @Test
    void aBulkItemNamingItsRequesterWithADirectionOverrideIsRefusedAndTheOthersGoOn() {
        String driverId = payableDriver();
        fund(1_000);
        long before = payoutsRequested();

        Api.Response response = api().post("/api/v1/payouts/bulk", body(Map.of("payouts", List.of(
                Map.of("driverId", driverId, "amount", 1_000, "requestedBy", "Ana \u202eexe.fdp"),
                Map.of("driverId", driverId, "amount", 1_000)))));

        assertThat(response.status()).as("%s", response).isEqualTo(200);
        JsonNode refused = response.data().path("results").get(0);
        assertThat(refused.path("status").asText()).isEqualTo("error");
        assertThat(refused.path("code").asText()).isEqualTo("VALIDATION_ERROR");
        assertThat(refused.path("error").asText()).contains("requestedBy");
        assertThat(response.data().path("results").get(1).path("status").asText()).isEqualTo("success");
        assertThat(payoutsRequested()).as("only the good item is written").isEqualTo(before + 1);
        WalletInvariant.assertHoldsOnceSettled(api());
    }

    @Test
    void aBulkItemNamingItsRequesterWithUnstorableTextRefusesTheWholeBody() {
        String driverId = payableDriver();
        long before = payoutsRequested();

        Api.Response response = api().post("/api/v1/payouts/bulk", body(Map.of("payouts", List.of(
                Map.of("driverId", driverId, "amount", 1_000),
                Map.of("driverId", driverId, "amount", 1_000, "requestedBy", "Ana\u0000")))));

        assertRefused(response, "payouts[1].requestedBy", "must not contain U+0000 or unpaired surrogates");
        assertThat(payoutsRequested()).isEqualTo(before);
    }

    private void assertRefusedWithNothingWritten(String path, Map<String, ?> body, String field,
                                                 String problem) {
        long before = payoutsRequested();

        Api.Response response = api().post(path, body(body));

        assertRefused(response, field, problem);
        assertThat(payoutsRequested()).as("no payout was written").isEqualTo(before);
    }

    private static void assertRefused(Api.Response response, String field, String problem) {
        assertThat(response.status()).as("%s", response).isEqualTo(400);
        assertThat(response.error().path("code").asText()).isEqualTo("VALIDATION_ERROR");
        assertThat(response.error().path("details").path(field).asText()).as("%s", response).isEqualTo(problem);
    }

    /** Every payout requested on its own, in either mode, since the store began. */
    private long payoutsRequested() {
        return jdbc.queryForObject("select count(*) from domain_event_entry where payload_type = ?", Long.class,
                "io.payouts.shared.payout.PayoutRequestedEvent");
    }

    private JsonNode createdEntry(String payoutId) {
        Api.Response history = api().get("/api/v1/payouts/" + payoutId + "/history");
        assertThat(history.status()).as("%s", history).isEqualTo(200);
        JsonNode first = history.data().path("items").get(0);
        assertThat(first.path("type").asText()).isEqualTo("payout.created");
        return first;
    }

    private static JsonNode listed(JsonNode list, String payoutId) {
        for (JsonNode item : list.path("items")) {
            if (item.path("id").asText().equals(payoutId)) {
                return item;
            }
        }
        throw new AssertionError("payout " + payoutId + " is not listed in " + list);
    }

    private static String body(Map<String, ?> fields) {
        try {
            return JSON.writeValueAsString(new LinkedHashMap<>(fields));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
