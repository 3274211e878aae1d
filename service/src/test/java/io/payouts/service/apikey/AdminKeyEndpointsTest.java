package io.payouts.service.apikey;

import com.fasterxml.jackson.databind.JsonNode;
import io.payouts.service.support.Api;
import io.payouts.service.support.HttpIntegrationTest;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** Every key, for owners and admins: /api/v1/admin/api-keys, with the spec's exact shapes. */
class AdminKeyEndpointsTest extends HttpIntegrationTest {

    private static final String PASSWORD = "developer password 1";
    private static final String REASON = "paying our drivers every week";

    @Test
    void listsAllKeysInDataItemsWithCreatedByAndADefaultPageSizeOf20() {
        User developer = newUser("developer");
        String id = developer.session().createKey("sandbox", List.of("drivers:read")).body().path("id").asText();
        long total = owner().get("/api/v1/admin/api-keys").data().path("total").asLong();
        for (long i = total; i <= 20; i++) {
            developer.session().createKey("sandbox", List.of("drivers:read"));
        }

        Api.Response response = owner().get("/api/v1/admin/api-keys");

        assertThat(response.status()).isEqualTo(200);
        JsonNode body = response.body();
        assertThat(body.fieldNames()).toIterable().containsExactlyInAnyOrder("success", "data", "meta");
        assertThat(body.path("meta").path("requestId").asText()).isNotBlank();
        JsonNode data = body.path("data");
        assertThat(data.path("items").isArray()).isTrue();
        assertThat(data.path("items")).hasSize(20);
        assertThat(data.path("total").asLong()).isGreaterThan(20);
        assertThat(data.path("page").asInt()).isEqualTo(1);
        assertThat(data.path("pageSize").asInt()).isEqualTo(20);
        assertThat(data.has("hasNextPage")).isFalse();
        data.path("items").forEach(item -> {
            assertThat(item.path("created_by").asText()).isNotBlank();
            assertThat(item.has("key")).isFalse();
        });
        JsonNode mine = find(allKeys(""), id);
        assertThat(mine.path("created_by").asText()).isIn(developer.id(), developer.email());
        assertThat(mine.path("mode").asText()).isEqualTo("sandbox");
        assertThat(mine.path("approval_status").asText()).isEqualTo("approved");
    }

    @Test
    void theAdminListHonoursPageAndPageSize() {
        User developer = newUser("developer");
        developer.session().createKey("sandbox", List.of("drivers:read"));
        developer.session().createKey("sandbox", List.of("drivers:read"));

        Api.Response second = owner().get("/api/v1/admin/api-keys?page=2&pageSize=1");

        assertThat(second.status()).isEqualTo(200);
        assertThat(second.data().path("items")).hasSize(1);
        assertThat(second.data().path("page").asInt()).isEqualTo(2);
        assertThat(second.data().path("pageSize").asInt()).isEqualTo(1);
    }

    @Test
    void filtersTheAdminListByModeAndStatus() {
        User developer = newUser("developer");
        String sandbox = developer.session().createKey("sandbox", List.of("drivers:read")).body().path("id").asText();
        String pending = developer.session().createKey("production", List.of("drivers:read")).body().path("id").asText();
        String approved = developer.session().createKey("production", List.of("drivers:read")).body().path("id").asText();
        String rejected = developer.session().createKey("production", List.of("drivers:read")).body().path("id").asText();
        assertThat(owner().post("/api/v1/admin/api-keys/" + approved + "/approve", "{}").status()).isEqualTo(200);
        assertThat(owner().post("/api/v1/admin/api-keys/" + rejected + "/reject", "{\"reason\":\"no\"}").status())
                .isEqualTo(200);

        List<JsonNode> production = allKeys("&mode=production");
        List<JsonNode> sandboxKeys = allKeys("&mode=sandbox");
        List<JsonNode> pendingKeys = allKeys("&status=pending");
        List<JsonNode> approvedKeys = allKeys("&status=approved");
        List<JsonNode> rejectedKeys = allKeys("&status=rejected");
        List<JsonNode> approvedProduction = allKeys("&mode=production&status=approved");

        assertThat(production).allMatch(key -> key.path("mode").asText().equals("production"));
        assertThat(ids(production)).contains(pending, approved, rejected).doesNotContain(sandbox);
        assertThat(sandboxKeys).allMatch(key -> key.path("mode").asText().equals("sandbox"));
        assertThat(ids(sandboxKeys)).contains(sandbox).doesNotContain(pending, approved, rejected);
        assertThat(pendingKeys).allMatch(key -> key.path("approval_status").asText().equals("pending"));
        assertThat(ids(pendingKeys)).contains(pending).doesNotContain(sandbox, approved, rejected);
        assertThat(approvedKeys).allMatch(key -> key.path("approval_status").asText().equals("approved"));
        assertThat(ids(approvedKeys)).contains(sandbox, approved).doesNotContain(pending, rejected);
        assertThat(rejectedKeys).allMatch(key -> key.path("approval_status").asText().equals("rejected"));
        assertThat(ids(rejectedKeys)).contains(rejected).doesNotContain(sandbox, pending, approved);
        assertThat(ids(approvedProduction)).contains(approved).doesNotContain(sandbox, pending, rejected);
    }

    @Test
    void badFilterValuesAreA400NamingTheParameter() {
        Api owner = owner();

        assertNamed(owner.get("/api/v1/admin/api-keys?mode=live"), "mode");
        assertNamed(owner.get("/api/v1/admin/api-keys?status=bogus"), "status");
        assertNamed(owner.get("/api/v1/admin/api-keys?pageSize=0"), "pageSize");
        assertNamed(owner.get("/api/v1/admin/api-keys?pageSize=101"), "pageSize");
        assertNamed(owner.get("/api/v1/admin/api-keys?page=0"), "page");
    }

    @Test
    void listsPendingProductionKeysAtTheTopLevelWithTheirReasonAndNoMeta() {
        User developer = newUser("developer");
        String pending = developer.session().post("/api/v1/developer/keys", """
                {"name":"live","mode":"production","scopes":["drivers:read"],"approval_reason":"%s"}"""
                .formatted(REASON)).body().path("id").asText();
        String approved = developer.session().createKey("production", List.of("drivers:read")).body().path("id").asText();
        owner().post("/api/v1/admin/api-keys/" + approved + "/approve", "{}");
        String sandbox = developer.session().createKey("sandbox", List.of("drivers:read")).body().path("id").asText();
        String withdrawn = developer.session().createKey("production", List.of("drivers:read")).body().path("id").asText();
        developer.session().delete("/api/v1/developer/keys/" + withdrawn);

        Api.Response response = owner().get("/api/v1/admin/api-keys/pending");

        assertThat(response.status()).isEqualTo(200);
        JsonNode body = response.body();
        assertThat(body.fieldNames()).toIterable().containsExactlyInAnyOrder("success", "keys");
        assertThat(body.path("success").asBoolean()).isTrue();
        JsonNode keys = body.path("keys");
        assertThat(keys.isArray()).isTrue();
        keys.forEach(key -> {
            assertThat(key.path("mode").asText()).isEqualTo("production");
            assertThat(key.path("approval_status").asText()).isEqualTo("pending");
            assertThat(key.has("approval_reason")).isTrue();
            assertThat(key.has("key")).isFalse();
        });
        List<JsonNode> listed = new ArrayList<>();
        keys.forEach(listed::add);
        assertThat(find(listed, pending).path("approval_reason").asText()).isEqualTo(REASON);
        assertThat(ids(listed)).doesNotContain(approved, sandbox, withdrawn);
    }

    @Test
    void getsKeyDetailsInADataObjectWithApprovalAndRevocation() {
        User developer = newUser("developer");
        String ownerId = ownerId();
        String id = developer.session().createKey("production", List.of("drivers:read")).body().path("id").asText();

        JsonNode pendingDetails = owner().get("/api/v1/admin/api-keys/" + id).data();
        assertThat(owner().post("/api/v1/admin/api-keys/" + id + "/approve", "{}").status()).isEqualTo(200);
        assertThat(owner().delete("/api/v1/admin/api-keys/" + id).status()).isEqualTo(200);
        Api.Response response = owner().get("/api/v1/admin/api-keys/" + id);

        for (String field : List.of("approved_by", "approved_at", "revoked_at", "created_by", "approval_reason")) {
            assertThat(pendingDetails.has(field)).as("pending key has %s", field).isTrue();
        }
        assertThat(pendingDetails.path("approved_by").isNull()).isTrue();
        assertThat(pendingDetails.path("approved_at").isNull()).isTrue();
        assertThat(pendingDetails.path("revoked_at").isNull()).isTrue();
        assertThat(response.status()).isEqualTo(200);
        JsonNode body = response.body();
        assertThat(body.fieldNames()).toIterable().containsExactlyInAnyOrder("success", "data", "meta");
        assertThat(body.path("meta").path("requestId").asText()).isNotBlank();
        JsonNode data = body.path("data");
        assertThat(data.path("id").asText()).isEqualTo(id);
        assertThat(data.path("mode").asText()).isEqualTo("production");
        assertThat(data.path("approval_status").asText()).isEqualTo("approved");
        assertThat(data.path("approval_reason").asText()).isEqualTo("paying our drivers");
        assertThat(data.path("created_by").asText()).isIn(developer.id(), developer.email());
        assertThat(data.path("approved_by").asText()).isIn(ownerId, OWNER_EMAIL);
        assertThat(Instant.parse(data.path("approved_at").asText())).isNotNull();
        assertThat(Instant.parse(data.path("revoked_at").asText())).isNotNull();
        assertThat(data.path("is_usable").asBoolean()).isFalse();
        assertThat(data.has("key")).isFalse();
    }

    @Test
    void approvingRevealsTheProductionKeyOnceAndItWorks() {
        User developer = newUser("developer");
        String ownerId = ownerId();
        String id = developer.session().post("/api/v1/developer/keys", """
                {"name":"live payouts","mode":"production","scopes":["drivers:read"],"approval_reason":"%s"}"""
                .formatted(REASON)).body().path("id").asText();

        Api.Response response = owner().post("/api/v1/admin/api-keys/" + id + "/approve", "{}");

        assertThat(response.status()).isEqualTo(200);
        JsonNode body = response.body();
        assertThat(body.has("data")).isFalse();
        assertThat(body.has("meta")).isFalse();
        assertThat(body.path("success").asBoolean()).isTrue();
        assertThat(body.path("id").asText()).isEqualTo(id);
        assertThat(body.path("name").asText()).isEqualTo("live payouts");
        assertThat(body.path("mode").asText()).isEqualTo("production");
        assertThat(body.path("approval_status").asText()).isEqualTo("approved");
        assertThat(body.path("approved_by").asText()).isIn(ownerId, OWNER_EMAIL);
        assertThat(Instant.parse(body.path("approved_at").asText())).isNotNull();
        String key = body.path("key").asText();
        assertThat(key).matches("svc_prod_[A-Za-z0-9_-]{32,}");
        assertThat(body.path("note").asText()).isNotBlank();
        Api.Response used = anonymous().withBearer(key).get("/api/v1/drivers");
        assertThat(used.status()).isEqualTo(200);
        JsonNode details = owner().get("/api/v1/admin/api-keys/" + id).body();
        assertThat(details.toString()).doesNotContain(key);
        assertThat(developer.session().get("/api/v1/developer/keys/" + id).body().path("is_usable").asBoolean()).isTrue();
    }

    @Test
    void anAdminMayApproveToo() {
        User developer = newUser("developer");
        User admin = newUser("admin");
        String id = developer.session().createKey("production", List.of("drivers:read")).body().path("id").asText();

        Api.Response response = admin.session().post("/api/v1/admin/api-keys/" + id + "/approve", "{}");

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.body().path("approved_by").asText()).isIn(admin.id(), admin.email());
        assertThat(admin.session().get("/api/v1/admin/api-keys").status()).isEqualTo(200);
    }

    @Test
    void approvingTwiceIsAnInvalidState() {
        User developer = newUser("developer");
        String id = developer.session().createKey("production", List.of("drivers:read")).body().path("id").asText();
        String first = owner().post("/api/v1/admin/api-keys/" + id + "/approve", "{}").body().path("key").asText();

        Api.Response again = owner().post("/api/v1/admin/api-keys/" + id + "/approve", "{}");

        assertThat(again.status()).isEqualTo(409);
        assertThat(again.error().path("code").asText()).isEqualTo("INVALID_STATE");
        assertThat(again.body().toString()).doesNotContainPattern("svc_prod_[A-Za-z0-9_-]{32,}");
        assertThat(anonymous().withBearer(first).get("/api/v1/drivers").status()).as("first value still works")
                .isEqualTo(200);
    }

    @Test
    void approvingASandboxKeyIsAnInvalidState() {
        User developer = newUser("developer");
        String id = developer.session().createKey("sandbox", List.of("drivers:read")).body().path("id").asText();

        Api.Response response = owner().post("/api/v1/admin/api-keys/" + id + "/approve", "{}");

        assertThat(response.status()).isEqualTo(409);
        assertThat(response.error().path("code").asText()).isEqualTo("INVALID_STATE");
    }

    @Test
    void rejectingWithAReasonAnswersAtTheTopLevelWithoutMeta() {
        User developer = newUser("developer");
        String id = developer.session().createKey("production", List.of("drivers:read")).body().path("id").asText();

        Api.Response response = owner().post("/api/v1/admin/api-keys/" + id + "/reject",
                "{\"reason\":\"use case unclear\"}");

        assertThat(response.status()).isEqualTo(200);
        JsonNode body = response.body();
        assertThat(body.has("data")).isFalse();
        assertThat(body.has("meta")).isFalse();
        assertThat(body.path("success").asBoolean()).isTrue();
        assertThat(body.path("id").asText()).isEqualTo(id);
        assertThat(body.path("approval_status").asText()).isEqualTo("rejected");
        assertThat(Instant.parse(body.path("rejected_at").asText())).isNotNull();
        assertThat(body.has("key")).isFalse();
        JsonNode details = owner().get("/api/v1/admin/api-keys/" + id).data();
        assertThat(details.path("approval_status").asText()).isEqualTo("rejected");
        assertThat(details.path("is_usable").asBoolean()).isFalse();
        Api.Response approveAfterwards = owner().post("/api/v1/admin/api-keys/" + id + "/approve", "{}");
        assertThat(approveAfterwards.status()).isEqualTo(409);
        assertThat(approveAfterwards.error().path("code").asText()).isEqualTo("INVALID_STATE");
        assertThat(owner().post("/api/v1/admin/api-keys/" + id + "/reject", "{\"reason\":\"again\"}").status())
                .as("rejecting twice").isEqualTo(409);
    }

    @Test
    void rejectingWithoutAReasonIsA400NamingReason() {
        User developer = newUser("developer");
        String id = developer.session().createKey("production", List.of("drivers:read")).body().path("id").asText();

        assertNamed(owner().post("/api/v1/admin/api-keys/" + id + "/reject", "{}"), "reason");
        assertNamed(owner().post("/api/v1/admin/api-keys/" + id + "/reject", "{\"reason\":\"   \"}"), "reason");
        assertNamed(owner().send("POST", "/api/v1/admin/api-keys/" + id + "/reject", null, null), "reason");

        assertThat(owner().get("/api/v1/admin/api-keys/" + id).data().path("approval_status").asText())
                .as("still pending").isEqualTo("pending");
    }

    @Test
    void pendingAndRejectedProductionKeysHaveNoValueAndAreNotUsable() {
        User developer = newUser("developer");
        Api.Response pending = developer.session().createKey("production", List.of("drivers:read"));
        Api.Response toReject = developer.session().createKey("production", List.of("drivers:read"));
        String rejectedId = toReject.body().path("id").asText();
        owner().post("/api/v1/admin/api-keys/" + rejectedId + "/reject", "{\"reason\":\"no\"}");

        assertThat(pending.body().path("key").isNull()).isTrue();
        assertThat(toReject.body().path("key").isNull()).isTrue();
        for (String id : List.of(pending.body().path("id").asText(), rejectedId)) {
            JsonNode details = owner().get("/api/v1/admin/api-keys/" + id).data();
            assertThat(details.path("is_usable").asBoolean()).as(id).isFalse();
            assertThat(details.path("usability_reason").asText()).as(id).isNotBlank();
            assertThat(details.has("key")).isFalse();
        }
        Api.Response guessed = anonymous().withBearer("svc_prod_" + "x".repeat(43)).get("/api/v1/drivers");
        assertThat(guessed.status()).isEqualTo(401);
        assertThat(guessed.error().path("code").asText()).isEqualTo("UNAUTHORIZED");
    }

    @Test
    void theAdminRevokesSandboxAndProductionKeysOfAnyUser() {
        User developer = newUser("developer");
        Api.Response sandbox = developer.session().createKey("sandbox", List.of("drivers:read"));
        String productionId = developer.session().createKey("production", List.of("drivers:read"))
                .body().path("id").asText();
        String productionValue = owner().post("/api/v1/admin/api-keys/" + productionId + "/approve", "{}")
                .body().path("key").asText();
        Api sandboxKey = anonymous().withBearer(sandbox.body().path("key").asText());
        Api productionKey = anonymous().withBearer(productionValue);
        assertThat(sandboxKey.get("/api/v1/drivers").status()).isEqualTo(200);
        assertThat(productionKey.get("/api/v1/drivers").status()).isEqualTo(200);

        for (String id : List.of(sandbox.body().path("id").asText(), productionId)) {
            Api.Response response = owner().delete("/api/v1/admin/api-keys/" + id);

            assertThat(response.status()).as(id).isEqualTo(200);
            assertThat(response.body().path("success").asBoolean()).isTrue();
            assertThat(response.body().path("message").asText()).isNotBlank();
            assertThat(response.body().has("meta")).isFalse();
            assertThat(response.body().has("data")).isFalse();
            assertThat(Instant.parse(owner().get("/api/v1/admin/api-keys/" + id).data().path("revoked_at").asText()))
                    .isNotNull();
        }
        assertThat(sandboxKey.get("/api/v1/drivers").status()).isEqualTo(401);
        assertThat(productionKey.get("/api/v1/drivers").status()).isEqualTo(401);
        Api.Response again = owner().delete("/api/v1/admin/api-keys/" + productionId);
        assertThat(again.status()).isEqualTo(409);
        assertThat(again.error().path("code").asText()).isEqualTo("REVOKE_FAILED");
    }

    @Test
    void unknownAndMalformedKeyIdsAre404KeyNotFound() {
        Api owner = owner();

        Map<String, String> outcomes = new LinkedHashMap<>();
        for (String id : List.of("key_" + "0123456789abcdef".repeat(2), "key_nope", "x")) {
            outcomes.put("GET " + id, outcome(owner.get("/api/v1/admin/api-keys/" + id)));
            outcomes.put("approve " + id, outcome(owner.post("/api/v1/admin/api-keys/" + id + "/approve", "{}")));
            outcomes.put("reject " + id, outcome(owner.post("/api/v1/admin/api-keys/" + id + "/reject",
                    "{\"reason\":\"no\"}")));
            outcomes.put("DELETE " + id, outcome(owner.delete("/api/v1/admin/api-keys/" + id)));
        }

        assertThat(outcomes).allSatisfy((call, outcome) -> assertThat(outcome).as(call).isEqualTo("404 KEY_NOT_FOUND"));
    }

    @Test
    void aDeveloperSessionIsForbiddenOnTheAdminKeyEndpoints() {
        User developer = newUser("developer");
        String id = developer.session().createKey("production", List.of("drivers:read")).body().path("id").asText();

        for (Api.Response response : adminKeyCalls(developer.session(), id)) {
            assertThat(response.status()).isEqualTo(403);
            assertThat(response.error().path("code").asText()).isEqualTo("FORBIDDEN");
        }
        assertThat(owner().get("/api/v1/admin/api-keys/" + id).data().path("approval_status").asText())
                .as("the developer approved nothing").isEqualTo("pending");
    }

    @Test
    void anApiKeyOrNoCredentialIsA401OnTheAdminKeyEndpoints() {
        User developer = newUser("developer");
        String id = developer.session().createKey("production", List.of("drivers:read")).body().path("id").asText();

        for (Api caller : List.of(api(), anonymous())) {
            for (Api.Response response : adminKeyCalls(caller, id)) {
                assertThat(response.status()).isEqualTo(401);
                assertThat(response.error().path("code").asText()).isEqualTo("UNAUTHORIZED");
            }
        }
    }

    private static String outcome(Api.Response response) {
        return response.status() + " " + response.error().path("code").asText();
    }

    private static List<Api.Response> adminKeyCalls(Api caller, String id) {
        return List.of(
                caller.get("/api/v1/admin/api-keys"),
                caller.get("/api/v1/admin/api-keys/pending"),
                caller.get("/api/v1/admin/api-keys/" + id),
                caller.post("/api/v1/admin/api-keys/" + id + "/approve", "{}"),
                caller.post("/api/v1/admin/api-keys/" + id + "/reject", "{\"reason\":\"no\"}"),
                caller.delete("/api/v1/admin/api-keys/" + id));
    }

    private record User(String id, String email, Api session) {
    }

    private User newUser(String role) {
        String email = role + "-" + UUID.randomUUID() + "@example.com";
        Api.Response created = owner().post("/api/v1/admin/users", """
                {"email":"%s","password":"%s","role":"%s"}""".formatted(email, PASSWORD, role));
        assertThat(created.status()).as("creating a %s: %s", role, created).isEqualTo(200);
        return new User(created.data().path("id").asText(), email, anonymous().signedIn(email, PASSWORD));
    }

    private String ownerId() {
        return anonymous().post("/api/v1/auth/sessions", """
                {"email":"%s","password":"%s"}""".formatted(OWNER_EMAIL, OWNER_PASSWORD))
                .data().path("user").path("id").asText();
    }

    private List<JsonNode> allKeys(String filters) {
        Api owner = owner();
        List<JsonNode> keys = new ArrayList<>();
        for (int page = 1; ; page++) {
            Api.Response response = owner.get("/api/v1/admin/api-keys?pageSize=100&page=" + page + filters);
            assertThat(response.status()).as(filters).isEqualTo(200);
            response.data().path("items").forEach(keys::add);
            if ((long) page * 100 >= response.data().path("total").asLong()) {
                return keys;
            }
        }
    }

    private static JsonNode find(List<JsonNode> keys, String id) {
        return keys.stream().filter(key -> key.path("id").asText().equals(id)).findFirst()
                .orElseThrow(() -> new AssertionError("key " + id + " is not listed"));
    }

    private static List<String> ids(List<JsonNode> keys) {
        return keys.stream().map(key -> key.path("id").asText()).toList();
    }

    private static void assertNamed(Api.Response response, String field) {
        assertThat(response.status()).as(field).isEqualTo(400);
        assertThat(response.body().path("success").asBoolean()).isFalse();
        assertThat(response.error().path("details").has(field)).as("details name %s: %s", field, response).isTrue();
    }
}
