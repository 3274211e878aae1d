package io.payouts.service.wallet;

import com.fasterxml.jackson.databind.JsonNode;
import io.payouts.service.support.Api;
import io.payouts.service.support.HttpIntegrationTest;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * {@code GET /api/v1/funding/topups}: a mode's top-ups, newest first, pending until the money arrives and settled
 * after, so that an owner finds the production top-ups waiting for their transfer without keeping their ids.
 */
class TopUpListEndpointsTest extends HttpIntegrationTest {

    @Test
    void aProductionTopUpIsListedPendingThenSettledInItsModeOnly() {
        Api production = productionKey();
        Api.Response requested = production.post("/api/v1/funding/topup",
                "{\"amount\":4200,\"description\":\"wire 77\",\"method\":\"bank_transfer\"}");
        assertThat(requested.status()).as("%s", requested).isEqualTo(200);
        String id = requested.data().path("transactionId").asText();

        JsonNode pending = await("the top-up is listed").until(() -> listed(production, "pending", id),
                Optional::isPresent).orElseThrow();
        assertThat(pending.path("amount").asLong()).isEqualTo(4200);
        assertThat(pending.path("status").asText()).isEqualTo("pending");
        assertThat(pending.path("description").asText()).isEqualTo("wire 77");
        assertThat(pending.path("method").asText()).isEqualTo("bank_transfer");
        assertThat(pending.path("reference").asText()).isEqualTo(requested.data().path("reference").asText());
        assertThat(pending.path("settledAt").isNull()).isTrue();
        assertThat(listed(production, "settled", id)).as("not among the settled").isEmpty();
        assertThat(listed(api(), null, id)).as("not in the sandbox").isEmpty();

        Api.Response settled = owner().post("/api/v1/admin/funding/topups/" + id + "/settle", null);
        assertThat(settled.status()).as("%s", settled).isEqualTo(200);

        JsonNode after = listed(production, "settled", id).orElseThrow();
        assertThat(after.path("status").asText()).isEqualTo("settled");
        assertThat(Instant.parse(after.path("settledAt").asText()))
                .isEqualTo(Instant.parse(settled.data().path("settledAt").asText()));
        assertThat(listed(production, "pending", id)).as("no longer pending").isEmpty();
    }

    @Test
    void newestFirstAndPaged() {
        String older = api().post("/api/v1/funding/topup", "{\"amount\":100}").data().path("transactionId").asText();
        String newer = api().post("/api/v1/funding/topup", "{\"amount\":200}").data().path("transactionId").asText();

        Api.Response first = api().get("/api/v1/funding/topups?pageSize=2");

        assertThat(first.status()).as("%s", first).isEqualTo(200);
        assertThat(first.data().path("items")).extracting(item -> item.path("transactionId").asText())
                .as("the newest first (no other test tops the sandbox up between these two requests and this read)")
                .containsSubsequence(newer, older);
        assertThat(first.data().path("pageSize").asInt()).isEqualTo(2);
        assertThat(first.data().path("total").asLong()).isGreaterThanOrEqualTo(2);
    }

    @Test
    void aStatusOtherThanPendingOrSettledIsRefusedNamingIt() {
        for (String status : List.of("PENDING", "failed", "")) {
            Api.Response response = api().get("/api/v1/funding/topups?status=" + status);

            assertThat(response.status()).as("status=%s: %s", status, response).isEqualTo(400);
            assertThat(response.error().path("details").has("status")).as("status=%s is named", status).isTrue();
        }
    }

    @Test
    void needsBalanceRead() {
        Api payoutsOnly = owner().withNewKey("sandbox", List.of("payouts:read"));

        assertThat(payoutsOnly.get("/api/v1/funding/topups").status()).isEqualTo(403);
        assertThat(anonymous().get("/api/v1/funding/topups").status()).isEqualTo(401);
    }

    /** The top-up among every page of the mode's list, with that status or (null) any. */
    private static Optional<JsonNode> listed(Api api, String status, String id) {
        for (int page = 1; ; page++) {
            Api.Response response = api.get("/api/v1/funding/topups?pageSize=100&page=" + page
                    + (status == null ? "" : "&status=" + status));
            assertThat(response.status()).as("%s", response).isEqualTo(200);
            JsonNode items = response.data().path("items");
            for (JsonNode item : items) {
                if (item.path("transactionId").asText().equals(id)) {
                    return Optional.of(item);
                }
            }
            if (items.size() < 100) {
                return Optional.empty();
            }
        }
    }
}
