package io.payouts.service.audit;

import com.fasterxml.jackson.databind.JsonNode;
import io.payouts.service.support.Api;
import io.payouts.service.support.HttpIntegrationTest;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.payouts.service.audit.AuditFixtures.items;
import static io.payouts.service.audit.AuditFixtures.types;
import static org.assertj.core.api.Assertions.assertThat;

/** Histories of payouts, drivers, batches, top-ups and API keys over HTTP (ADR-0027). */
class HistoryEndpointsTest extends HttpIntegrationTest {

    @Test
    void followsAPayoutFromCreationToCompletionThroughItsHistory() {
        String driverId = AuditFixtures.payableDriver(api());
        AuditFixtures.fund(api(), 5_000);
        Api.Response created = AuditFixtures.pay(api().header("X-Request-Id", "audit-follow-1"), driverId, 1_200);
        String payoutId = created.data().path("id").asText();
        AuditFixtures.awaitCompleted(api(), payoutId);

        Api.Response history = api().get("/api/v1/payouts/" + payoutId + "/history");

        assertThat(history.status()).as("%s", history).isEqualTo(200);
        assertThat(types(history)).containsExactly("payout.created", "payout.queued", "payout.processing",
                "payout.succeeded");
        List<JsonNode> events = items(history);
        JsonNode creation = events.get(0);
        assertThat(creation.path("id").asText()).matches("evt_[0-9a-f]{32}");
        assertThat(creation.path("resourceType").asText()).isEqualTo("payout");
        assertThat(creation.path("resourceId").asText()).isEqualTo(payoutId);
        assertThat(creation.path("mode").asText()).isEqualTo("sandbox");
        assertThat(creation.path("requestId").asText()).isEqualTo("audit-follow-1");
        assertThat(creation.path("actor").path("type").asText()).isEqualTo("api_key");
        assertThat(creation.path("actor").path("id").asText()).matches("key_[0-9a-f]{32}");
        assertThat(creation.path("data").path("amount").asLong()).isEqualTo(1_200);
        assertThat(creation.path("data").path("driverId").asText()).isEqualTo(driverId);
        assertThat(creation.path("data").has("failOnRail")).isFalse();
        assertThat(events.get(3).path("actor").path("type").asText()).isEqualTo("rail");
        assertThat(events.get(3).path("data").path("status").asText()).isEqualTo("succeeded");
        for (int i = 0; i < events.size(); i++) {
            assertThat(events.get(i).path("sequence").asLong()).isEqualTo(i);
        }
        assertThat(history.data().path("total").asLong()).isEqualTo(4);
        assertThat(history.data().path("hasNextPage").asBoolean()).isFalse();
    }

    @Test
    void pagesAHistoryLikeOtherLists() {
        String driverId = AuditFixtures.payableDriver(api());
        AuditFixtures.fund(api(), 1_000);
        String payoutId = AuditFixtures.pay(api(), driverId, 300).data().path("id").asText();
        AuditFixtures.awaitCompleted(api(), payoutId);

        Api.Response first = api().get("/api/v1/payouts/" + payoutId + "/history?pageSize=3");
        Api.Response second = api().get("/api/v1/payouts/" + payoutId + "/history?page=2&pageSize=3");

        assertThat(types(first)).containsExactly("payout.created", "payout.queued", "payout.processing");
        assertThat(first.data().path("hasNextPage").asBoolean()).isTrue();
        assertThat(types(second)).containsExactly("payout.succeeded");
        assertThat(api().get("/api/v1/payouts/" + payoutId + "/history?pageSize=101").error().path("details")
                .has("pageSize")).isTrue();
    }

    @Test
    void showsADriversHistoryWithItsUpdatesAndWhoMadeThem() {
        String driverId = AuditFixtures.payableDriver(api());
        api().put("/api/v1/drivers/" + driverId, """
                {"name":"Ana Maria Diaz","email":"ana.m@example.com","phone":"+14155550124"}""");

        Api.Response history = api().get("/api/v1/drivers/" + driverId + "/history");

        assertThat(types(history)).containsExactly("driver.registered", "driver.kyc_verified", "driver.updated");
        assertThat(items(history).get(2).path("data").path("name").asText()).isEqualTo("Ana Maria Diaz");
        assertThat(items(history).get(0).path("actor").path("type").asText()).isEqualTo("api_key");
    }

    @Test
    void showsABatchsHistory() {
        String driverId = AuditFixtures.payableDriver(api());
        Api.Response batch = api().post("/api/v1/batches", """
                {"name":"audit batch","urgency":"standard","payouts":[{"driverId":"%s","amount":100}]}"""
                .formatted(driverId));
        assertThat(batch.status()).as("%s", batch).isEqualTo(200);

        Api.Response history = api().get("/api/v1/batches/" + batch.data().path("id").asText() + "/history");

        assertThat(history.status()).as("%s", history).isEqualTo(200);
        assertThat(types(history)).containsExactly("batch.created");
    }

    @Test
    void showsATopUpsHistoryFromTheWalletsStream() {
        String topUpId = AuditFixtures.fund(api(), 700);

        Api.Response history = api().get("/api/v1/funding/topups/" + topUpId + "/history");

        assertThat(types(history)).containsExactly("top_up.requested", "top_up.settled");
        assertThat(items(history).get(0).path("resourceType").asText()).isEqualTo("top_up");
        assertThat(items(history).get(0).path("data").path("amount").asLong()).isEqualTo(700);
    }

    @Test
    void showsAnApiKeysHistoryToOwnersWithoutKeyMaterial() {
        Api.Response created = owner().createKey("sandbox", List.of("payouts:read", "balance:read"));
        String keyId = created.body().path("id").asText();

        Api.Response history = owner().get("/api/v1/admin/api-keys/" + keyId + "/history");

        assertThat(history.status()).as("%s", history).isEqualTo(200);
        assertThat(types(history)).containsExactly("api_key.created", "api_key.approved");
        assertThat(items(history).get(0).path("data").path("scopes")).extracting(JsonNode::asText)
                .as("scopes as the API spells them").containsExactly("balance:read", "payouts:read");
        assertThat(history.body().toString()).doesNotContain("keyHash").doesNotContain("lastFour")
                .doesNotContain(created.body().path("key").asText());
        assertThat(api().get("/api/v1/admin/api-keys/" + keyId + "/history").status())
                .as("an API key is not an admin's session").isEqualTo(401);
        assertThat(owner().get("/api/v1/admin/api-keys/key_" + "0".repeat(32) + "/history").error().path("code")
                .asText()).isEqualTo("KEY_NOT_FOUND");
    }

    @Test
    void unknownMalformedAndOtherKindsOfIdsAre404() {
        String driverId = AuditFixtures.payableDriver(api());

        assertThat(api().get("/api/v1/payouts/pay_" + "0".repeat(32) + "/history").status()).isEqualTo(404);
        assertThat(api().get("/api/v1/payouts/pay_nope/history").error().path("code").asText())
                .isEqualTo("NOT_FOUND");
        assertThat(api().get("/api/v1/batches/batch_" + "0".repeat(32) + "/history").status()).isEqualTo(404);
        assertThat(api().get("/api/v1/funding/topups/txn_nope/history").status()).isEqualTo(404);
        assertThat(api().get("/api/v1/funding/topups/" + driverId + "/history").status()).isEqualTo(404);
    }

    @Test
    void anotherModesResourceHasNoHistory() {
        String driverId = AuditFixtures.payableDriver(api());
        Api production = AuditFixtures.productionApi(owner(), anonymous());

        Api.Response history = production.get("/api/v1/drivers/" + driverId + "/history");

        assertThat(history.status()).as("%s", history).isEqualTo(404);
    }

    @Test
    void aHistoryNeedsTheScopeOfItsResourcesReadEndpoint() {
        String driverId = AuditFixtures.payableDriver(api());
        Api payoutsOnly = owner().withNewKey("sandbox", List.of("payouts:read"));

        Api.Response history = payoutsOnly.get("/api/v1/drivers/" + driverId + "/history");

        assertThat(history.status()).isEqualTo(403);
        assertThat(history.error().path("message").asText()).contains("drivers:read");
    }
}
