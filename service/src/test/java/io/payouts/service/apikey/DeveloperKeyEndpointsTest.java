package io.payouts.service.apikey;

import com.fasterxml.jackson.databind.JsonNode;
import io.payouts.service.support.Api;
import io.payouts.service.support.HttpIntegrationTest;
import io.payouts.service.support.MutableClock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** A signed-in user's own keys: /api/v1/developer/keys and /api/v1/developer/scopes, with the spec's exact shapes. */
class DeveloperKeyEndpointsTest extends HttpIntegrationTest {

    private static final String PASSWORD = "developer password 1";
    private static final String KEY_VALUE = "svc_(sbox|prod)_[A-Za-z0-9_-]{32,}";
    private static final List<String> SUMMARY_FIELDS = List.of("id", "name", "mode", "prefix", "scopes",
            "approval_status", "created_at", "expires_at", "last_used_at", "is_usable", "last_four");

    @Autowired
    private MutableClock clock;

    @AfterEach
    void putTheClockBack() {
        clock.reset();
    }

    @Test
    void listsYourKeysAsATopLevelKeysArrayWithMeta() {
        Developer developer = newDeveloper();
        JsonNode created = developer.session().createKey("sandbox", List.of("drivers:read")).body();
        String id = created.path("id").asText();
        String value = created.path("key").asText();

        Api.Response response = developer.session().get("/api/v1/developer/keys");

        assertThat(response.status()).isEqualTo(200);
        JsonNode body = response.body();
        assertThat(body.fieldNames()).toIterable().containsExactlyInAnyOrder("success", "keys", "meta");
        assertThat(body.path("success").asBoolean()).isTrue();
        assertMeta(body);
        assertThat(body.path("keys")).hasSize(1);
        JsonNode key = body.path("keys").get(0);
        assertThat(key.fieldNames()).toIterable().containsExactlyInAnyOrderElementsOf(SUMMARY_FIELDS);
        assertThat(key.path("id").asText()).isEqualTo(id);
        assertThat(key.path("name").asText()).isEqualTo("test key");
        assertThat(key.path("mode").asText()).isEqualTo("sandbox");
        assertThat(key.path("prefix").asText()).isEqualTo("svc_sbox_");
        assertThat(texts(key.path("scopes"))).containsExactly("drivers:read");
        assertThat(key.path("approval_status").asText()).isEqualTo("approved");
        assertThat(Instant.parse(key.path("created_at").asText())).isNotNull();
        assertThat(key.path("expires_at").isNull()).isTrue();
        assertThat(key.path("last_used_at").isNull()).isTrue();
        assertThat(key.path("is_usable").asBoolean()).isTrue();
        assertThat(key.path("last_four").asText()).as("what tells two keys of one name apart")
                .isEqualTo(value.substring(value.length() - 4));
        assertThat(body.toString()).doesNotContainPattern(KEY_VALUE);
    }

    @Test
    void theListShowsOnlyYourOwnKeys() {
        Developer alice = newDeveloper();
        Developer bob = newDeveloper();
        String alicesKey = alice.session().createKey("sandbox", List.of("drivers:read")).body().path("id").asText();
        String bobsKey = bob.session().createKey("sandbox", List.of("drivers:read")).body().path("id").asText();

        JsonNode keys = alice.session().get("/api/v1/developer/keys").body().path("keys");

        assertThat(ids(keys)).containsExactly(alicesKey).doesNotContain(bobsKey);
    }

    @Test
    void createsASandboxKeyThatIsApprovedAndWorksAtOnce() {
        Developer developer = newDeveloper();

        Api.Response response = developer.session().post("/api/v1/developer/keys", """
                {"name":"ci key","mode":"sandbox","scopes":["drivers:read","drivers:write"]}""");

        assertThat(response.status()).isEqualTo(200);
        JsonNode body = response.body();
        assertThat(body.has("data")).isFalse();
        assertThat(body.path("success").asBoolean()).isTrue();
        assertThat(body.path("id").asText()).matches("key_[0-9a-f]{32}");
        assertThat(body.path("name").asText()).isEqualTo("ci key");
        assertThat(body.path("mode").asText()).isEqualTo("sandbox");
        assertThat(body.path("prefix").asText()).isEqualTo("svc_sbox_");
        assertThat(texts(body.path("scopes"))).containsExactlyInAnyOrder("drivers:read", "drivers:write");
        assertThat(body.path("approval_status").asText()).isEqualTo("approved");
        assertThat(Instant.parse(body.path("created_at").asText())).isNotNull();
        String key = body.path("key").asText();
        assertThat(key).matches("svc_sbox_[A-Za-z0-9_-]{32,}");
        assertThat(body.path("note").asText()).isNotBlank();
        assertMeta(body);
        Api.Response used = anonymous().withBearer(key).get("/api/v1/drivers");
        assertThat(used.status()).isEqualTo(200);
        assertThat(used.body().path("success").asBoolean()).isTrue();
    }

    @Test
    void everyKeyValueIsDifferent() {
        Developer developer = newDeveloper();

        String first = developer.session().createKey("sandbox", List.of("drivers:read")).body().path("key").asText();
        String second = developer.session().createKey("sandbox", List.of("drivers:read")).body().path("key").asText();

        assertThat(first).isNotEqualTo(second);
    }

    @Test
    void aProductionKeyWithoutApprovalReasonIsA400NamingIt() {
        Developer developer = newDeveloper();

        Api.Response missing = developer.session().post("/api/v1/developer/keys", """
                {"name":"live","mode":"production","scopes":["drivers:read"]}""");
        Api.Response blank = developer.session().post("/api/v1/developer/keys", """
                {"name":"live","mode":"production","scopes":["drivers:read"],"approval_reason":"  "}""");

        for (Api.Response response : List.of(missing, blank)) {
            assertThat(response.status()).isEqualTo(400);
            assertThat(response.body().path("success").asBoolean()).isFalse();
            assertThat(response.error().path("details").has("approval_reason")).isTrue();
        }
        assertThat(developer.session().get("/api/v1/developer/keys").body().path("keys")).as("nothing created").isEmpty();
    }

    @Test
    void aProductionKeyStartsPendingWithANullKey() {
        Developer developer = newDeveloper();

        Api.Response response = developer.session().post("/api/v1/developer/keys", """
                {"name":"live","mode":"production","scopes":["drivers:read"],"approval_reason":"paying drivers"}""");

        assertThat(response.status()).isEqualTo(200);
        JsonNode body = response.body();
        assertThat(body.path("id").asText()).matches("key_[0-9a-f]{32}");
        assertThat(body.path("mode").asText()).isEqualTo("production");
        assertThat(body.path("prefix").asText()).isEqualTo("svc_prod_");
        assertThat(body.path("approval_status").asText()).isEqualTo("pending");
        assertThat(body.has("key")).as("key is present").isTrue();
        assertThat(body.path("key").isNull()).as("key is null").isTrue();
        assertThat(body.path("note").asText()).isNotBlank();
        assertMeta(body);
        assertThat(body.toString()).doesNotContainPattern(KEY_VALUE);
        JsonNode details = developer.session().get("/api/v1/developer/keys/" + body.path("id").asText()).body();
        assertThat(details.path("approval_status").asText()).isEqualTo("pending");
        assertThat(details.path("is_usable").asBoolean()).isFalse();
        assertThat(details.path("usability_reason").asText()).isNotBlank();
        assertThat(details.has("key")).isFalse();
    }

    @Test
    void expiresInOutside1To365DaysIsA400NamingIt() {
        Developer developer = newDeveloper();

        for (int days : new int[] {0, 366, -1}) {
            Api.Response response = developer.session().post("/api/v1/developer/keys", """
                    {"name":"short-lived","mode":"sandbox","scopes":["drivers:read"],"expires_in":%d}""".formatted(days));

            assertThat(response.status()).as("expires_in %d", days).isEqualTo(400);
            assertThat(response.error().path("details").has("expires_in")).as("expires_in %d", days).isTrue();
        }
        assertThat(developer.session().get("/api/v1/developer/keys").body().path("keys")).as("nothing created").isEmpty();
        Api.Response longest = developer.session().post("/api/v1/developer/keys", """
                {"name":"year","mode":"sandbox","scopes":["drivers:read"],"expires_in":365}""");
        assertThat(longest.status()).isEqualTo(200);
        assertThat(Duration.between(Instant.parse(longest.body().path("created_at").asText()),
                Instant.parse(longest.body().path("expires_at").asText()))).isEqualTo(Duration.ofDays(365));
    }

    @Test
    void aKeyExpiresAfterItsExpiresInDays() {
        Developer developer = newDeveloper();
        Api.Response created = developer.session().post("/api/v1/developer/keys", """
                {"name":"one day","mode":"sandbox","scopes":["drivers:read"],"expires_in":1}""");
        assertThat(created.status()).isEqualTo(200);
        String id = created.body().path("id").asText();
        Api key = anonymous().withBearer(created.body().path("key").asText());
        assertThat(Duration.between(Instant.parse(created.body().path("created_at").asText()),
                Instant.parse(created.body().path("expires_at").asText()))).isEqualTo(Duration.ofDays(1));
        assertThat(key.get("/api/v1/drivers").status()).isEqualTo(200);

        clock.advance(Duration.ofDays(1).minusSeconds(30));
        assertThat(key.get("/api/v1/drivers").status()).as("just before expiry").isEqualTo(200);
        clock.advance(Duration.ofSeconds(31));
        Api.Response expired = key.get("/api/v1/drivers");

        assertThat(expired.status()).as("after expiry").isEqualTo(401);
        assertThat(expired.error().path("code").asText()).isEqualTo("UNAUTHORIZED");
        Api session = developer.signInAgain();
        JsonNode details = session.get("/api/v1/developer/keys/" + id).body();
        assertThat(details.path("is_usable").asBoolean()).isFalse();
        assertThat(details.path("usability_reason").asText()).isEqualTo("expired");
        JsonNode listed = session.get("/api/v1/developer/keys").body().path("keys").get(0);
        assertThat(listed.path("is_usable").asBoolean()).isFalse();
    }

    @Test
    void unknownScopesAreA400InvalidScopesNamingScopes() {
        Developer developer = newDeveloper();

        Api.Response response = developer.session().post("/api/v1/developer/keys", """
                {"name":"bad","mode":"sandbox","scopes":["drivers:read","drivers:delete"]}""");

        assertThat(response.status()).isEqualTo(400);
        assertThat(response.error().path("code").asText()).isEqualTo("INVALID_SCOPES");
        assertThat(response.error().path("details").has("scopes")).isTrue();
        assertThat(response.error().path("message").asText() + response.error().path("details").toString())
                .contains("drivers:delete");
        assertThat(developer.session().get("/api/v1/developer/keys").body().path("keys")).as("nothing created").isEmpty();
    }

    @Test
    void missingOrInvalidFieldsOfAKeyRequestAreA400NamingThem() {
        Developer developer = newDeveloper();

        Api.Response empty = developer.session().post("/api/v1/developer/keys", "{}");
        Api.Response badMode = developer.session().post("/api/v1/developer/keys", """
                {"name":"x","mode":"live","scopes":["drivers:read"]}""");

        assertThat(empty.status()).isEqualTo(400);
        assertThat(empty.error().path("details").fieldNames()).toIterable().contains("name", "mode", "scopes");
        assertThat(badMode.status()).isEqualTo(400);
        assertThat(badMode.error().path("details").has("mode")).isTrue();
    }

    @Test
    void getsFullDetailsOfAKeyWithoutItsValue() {
        Developer developer = newDeveloper();
        Api.Response created = developer.session().createKey("sandbox", List.of("drivers:read", "payouts:read"));
        String id = created.body().path("id").asText();
        String value = created.body().path("key").asText();

        Api.Response response = developer.session().get("/api/v1/developer/keys/" + id);

        assertThat(response.status()).isEqualTo(200);
        JsonNode body = response.body();
        assertThat(body.path("success").asBoolean()).isTrue();
        assertThat(body.has("data")).isFalse();
        assertThat(body.has("key")).isFalse();
        assertMeta(body);
        assertThat(body.fieldNames()).toIterable().containsAll(SUMMARY_FIELDS).contains("usability_reason");
        assertThat(body.path("id").asText()).isEqualTo(id);
        assertThat(body.path("mode").asText()).isEqualTo("sandbox");
        assertThat(body.path("prefix").asText()).isEqualTo("svc_sbox_");
        assertThat(texts(body.path("scopes"))).containsExactlyInAnyOrder("drivers:read", "payouts:read");
        assertThat(body.path("approval_status").asText()).isEqualTo("approved");
        assertThat(body.path("is_usable").asBoolean()).isTrue();
        assertThat(body.path("usability_reason").isNull()).isTrue();
        assertThat(body.toString()).doesNotContain(value).doesNotContain(value.substring("svc_sbox_".length()));
    }

    @Test
    void unknownAndMalformedKeyIdsAre404KeyNotFound() {
        Api session = newDeveloper().session();

        Map<String, Api.Response> responses = new LinkedHashMap<>();
        for (String id : List.of("key_" + "0123456789abcdef".repeat(2), "key_nope", "drv_" + "0".repeat(32), "x")) {
            responses.put("GET " + id, session.get("/api/v1/developer/keys/" + id));
            responses.put("DELETE " + id, session.delete("/api/v1/developer/keys/" + id));
            responses.put("regenerate " + id, session.post("/api/v1/developer/keys/" + id + "/regenerate", "{}"));
        }

        assertAllKeyNotFound(responses);
    }

    @Test
    void anotherDevelopersKeyIsNotFound() {
        Developer owner = newDeveloper();
        Developer other = newDeveloper();
        Api.Response created = owner.session().createKey("sandbox", List.of("drivers:read"));
        String id = created.body().path("id").asText();

        Map<String, Api.Response> responses = Map.of(
                "GET", other.session().get("/api/v1/developer/keys/" + id),
                "DELETE", other.session().delete("/api/v1/developer/keys/" + id),
                "regenerate", other.session().post("/api/v1/developer/keys/" + id + "/regenerate", "{}"));

        assertAllKeyNotFound(responses);
        assertThat(anonymous().withBearer(created.body().path("key").asText()).get("/api/v1/drivers").status())
                .as("the key is untouched").isEqualTo(200);
        assertThat(owner.session().get("/api/v1/developer/keys").body().path("keys")).hasSize(1);
    }

    @Test
    void revokingAKeyConfirmsWithAMessageAndTheKeyStopsWorking() {
        Developer developer = newDeveloper();
        Api.Response created = developer.session().createKey("sandbox", List.of("drivers:read"));
        String id = created.body().path("id").asText();
        Api key = anonymous().withBearer(created.body().path("key").asText());
        assertThat(key.get("/api/v1/drivers").status()).isEqualTo(200);

        Api.Response response = developer.session().delete("/api/v1/developer/keys/" + id);

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.body().path("success").asBoolean()).isTrue();
        assertThat(response.body().has("data")).isFalse();
        assertThat(response.body().path("message").asText()).isNotBlank();
        assertMeta(response.body());
        Api.Response used = key.get("/api/v1/drivers");
        assertThat(used.status()).isEqualTo(401);
        assertThat(used.error().path("code").asText()).isEqualTo("UNAUTHORIZED");
        JsonNode details = developer.session().get("/api/v1/developer/keys/" + id).body();
        assertThat(details.path("is_usable").asBoolean()).isFalse();
        assertThat(details.path("usability_reason").asText()).isEqualTo("revoked");
    }

    @Test
    void revokingTwiceIsARevokeFailure() {
        Developer developer = newDeveloper();
        String id = developer.session().createKey("sandbox", List.of("drivers:read")).body().path("id").asText();
        assertThat(developer.session().delete("/api/v1/developer/keys/" + id).status()).isEqualTo(200);

        Api.Response again = developer.session().delete("/api/v1/developer/keys/" + id);

        assertThat(again.status()).isEqualTo(409);
        assertThat(again.error().path("code").asText()).isEqualTo("REVOKE_FAILED");
    }

    @Test
    void regeneratingASandboxKeyIssuesANewOneAndRevokesTheOldAtOnce() {
        Developer developer = newDeveloper();
        Api.Response created = developer.session().post("/api/v1/developer/keys", """
                {"name":"rotating","mode":"sandbox","scopes":["drivers:read","balance:read"]}""");
        String oldId = created.body().path("id").asText();
        Api oldKey = anonymous().withBearer(created.body().path("key").asText());
        assertThat(oldKey.get("/api/v1/drivers").status()).isEqualTo(200);

        Api.Response response = developer.session().post("/api/v1/developer/keys/" + oldId + "/regenerate", "{}");

        assertThat(response.status()).isEqualTo(200);
        JsonNode body = response.body();
        assertThat(body.path("success").asBoolean()).isTrue();
        assertThat(body.has("data")).isFalse();
        assertThat(body.path("id").asText()).matches("key_[0-9a-f]{32}").isNotEqualTo(oldId);
        assertThat(body.path("old_key_id").asText()).isEqualTo(oldId);
        assertThat(body.path("name").asText()).isEqualTo("rotating");
        assertThat(body.path("mode").asText()).isEqualTo("sandbox");
        assertThat(texts(body.path("scopes"))).containsExactlyInAnyOrder("drivers:read", "balance:read");
        assertThat(body.path("approval_status").asText()).isEqualTo("approved");
        String newValue = body.path("key").asText();
        assertThat(newValue).matches("svc_sbox_[A-Za-z0-9_-]{32,}")
                .isNotEqualTo(created.body().path("key").asText());
        assertThat(body.path("note").asText()).isNotBlank();
        assertMeta(body);
        Api.Response oldUsed = oldKey.get("/api/v1/drivers");
        assertThat(oldUsed.status()).as("old key").isEqualTo(401);
        assertThat(oldUsed.error().path("code").asText()).isEqualTo("UNAUTHORIZED");
        assertThat(anonymous().withBearer(newValue).get("/api/v1/drivers").status()).as("new key").isEqualTo(200);
    }

    @Test
    void regeneratingAProductionKeyIssuesAPendingKeyWithNoValue() {
        Developer developer = newDeveloper();
        Api.Response created = developer.session().post("/api/v1/developer/keys", """
                {"name":"live","mode":"production","scopes":["drivers:read"],"approval_reason":"paying drivers"}""");
        String oldId = created.body().path("id").asText();
        Api.Response approved = owner().post("/api/v1/admin/api-keys/" + oldId + "/approve", "{}");
        assertThat(approved.status()).isEqualTo(200);
        Api oldKey = anonymous().withBearer(approved.body().path("key").asText());
        assertThat(oldKey.get("/api/v1/drivers").status()).isEqualTo(200);

        Api.Response response = developer.session().post("/api/v1/developer/keys/" + oldId + "/regenerate", "{}");

        assertThat(response.status()).isEqualTo(200);
        JsonNode body = response.body();
        assertThat(body.path("id").asText()).matches("key_[0-9a-f]{32}").isNotEqualTo(oldId);
        assertThat(body.path("old_key_id").asText()).isEqualTo(oldId);
        assertThat(body.path("name").asText()).isEqualTo("live");
        assertThat(body.path("mode").asText()).isEqualTo("production");
        assertThat(texts(body.path("scopes"))).containsExactly("drivers:read");
        assertThat(body.path("approval_status").asText()).isEqualTo("pending");
        assertThat(body.has("key")).isTrue();
        assertThat(body.path("key").isNull()).isTrue();
        assertMeta(body);
        assertThat(oldKey.get("/api/v1/drivers").status()).as("old key revoked at once").isEqualTo(401);
        Api.Response reapproved = owner().post("/api/v1/admin/api-keys/" + body.path("id").asText() + "/approve", "{}");
        assertThat(reapproved.status()).isEqualTo(200);
        assertThat(anonymous().withBearer(reapproved.body().path("key").asText()).get("/api/v1/drivers").status())
                .as("the new key after its approval").isEqualTo(200);
    }

    @Test
    void listsTheEightScopesWithTheirDescriptions() {
        Map<String, String> expected = new LinkedHashMap<>();
        expected.put("drivers:read", "view driver list and details");
        expected.put("drivers:write", "create and update drivers");
        expected.put("payouts:read", "view payouts");
        expected.put("payouts:write", "create and cancel payouts");
        expected.put("batches:read", "view batches");
        expected.put("batches:write", "create and release batches");
        expected.put("balance:read", "view wallet balance");
        expected.put("webhooks:manage", "configure webhooks");

        Api.Response response = newDeveloper().session().get("/api/v1/developer/scopes");

        assertThat(response.status()).isEqualTo(200);
        JsonNode body = response.body();
        assertThat(body.fieldNames()).toIterable().containsExactlyInAnyOrder("success", "scopes", "meta");
        assertMeta(body);
        JsonNode scopes = body.path("scopes");
        assertThat(scopes).hasSize(8);
        Map<String, String> actual = new LinkedHashMap<>();
        scopes.forEach(scope -> {
            assertThat(scope.fieldNames()).toIterable().containsExactlyInAnyOrder("name", "description");
            actual.put(scope.path("name").asText(), scope.path("description").asText());
        });
        assertThat(actual.keySet()).containsExactlyInAnyOrderElementsOf(expected.keySet());
        expected.forEach((name, description) ->
                assertThat(actual.get(name)).as(name).isEqualToIgnoringCase(description));
    }

    @Test
    void lastUsedAtIsSetOnceTheKeyIsUsed() {
        Developer developer = newDeveloper();
        Api.Response created = developer.session().createKey("sandbox", List.of("drivers:read"));
        String id = created.body().path("id").asText();
        assertThat(developer.session().get("/api/v1/developer/keys/" + id).body().path("last_used_at").isNull()).isTrue();
        Instant before = Instant.now().minusSeconds(1);

        assertThat(anonymous().withBearer(created.body().path("key").asText()).get("/api/v1/drivers").status())
                .isEqualTo(200);

        JsonNode details = developer.session().get("/api/v1/developer/keys/" + id).body();
        assertThat(details.path("last_used_at").isNull()).isFalse();
        assertThat(Instant.parse(details.path("last_used_at").asText()))
                .isBetween(before, Instant.now().plusSeconds(1));
        JsonNode listed = developer.session().get("/api/v1/developer/keys").body().path("keys").get(0);
        assertThat(listed.path("last_used_at").asText()).isEqualTo(details.path("last_used_at").asText());
    }

    @Test
    void anApiKeyIsRefusedOnTheDeveloperEndpoints() {
        Developer developer = newDeveloper();
        String id = developer.session().createKey("sandbox", List.of("drivers:read")).body().path("id").asText();

        for (Api caller : List.of(api(), anonymous())) {
            List<Api.Response> responses = List.of(
                    caller.get("/api/v1/developer/keys"),
                    caller.post("/api/v1/developer/keys", """
                            {"name":"x","mode":"sandbox","scopes":["drivers:read"]}"""),
                    caller.get("/api/v1/developer/keys/" + id),
                    caller.delete("/api/v1/developer/keys/" + id),
                    caller.post("/api/v1/developer/keys/" + id + "/regenerate", "{}"),
                    caller.get("/api/v1/developer/scopes"));
            for (Api.Response response : responses) {
                assertThat(response.status()).isEqualTo(401);
                assertThat(response.error().path("code").asText()).isEqualTo("UNAUTHORIZED");
            }
        }
        JsonNode details = developer.session().get("/api/v1/developer/keys/" + id).body();
        assertThat(details.path("is_usable").asBoolean()).as("nothing was revoked").isTrue();
    }

    @Test
    void aSessionTokenIsRefusedOnResourceEndpoints() {
        Api session = newDeveloper().session();

        Api.Response list = session.get("/api/v1/drivers");
        Api.Response register = session.post("/api/v1/drivers", Api.driverJson(Api.uniqueSvcDriverId()));

        for (Api.Response response : List.of(list, register)) {
            assertThat(response.status()).isEqualTo(401);
            assertThat(response.error().path("code").asText()).isEqualTo("UNAUTHORIZED");
        }
    }

    @Test
    void anUnknownKeyValueIsA401() {
        Api.Response response = anonymous().withBearer("svc_sbox_" + "A".repeat(43)).get("/api/v1/drivers");

        assertThat(response.status()).isEqualTo(401);
        assertThat(response.error().path("code").asText()).isEqualTo("UNAUTHORIZED");
    }

    private record Developer(String email, Api session, Api anonymous) {

        Api signInAgain() {
            return anonymous.signedIn(email, PASSWORD);
        }
    }

    private Developer newDeveloper() {
        String email = "dev-" + UUID.randomUUID() + "@example.com";
        Api.Response created = owner().post("/api/v1/admin/users", """
                {"email":"%s","password":"%s","role":"developer"}""".formatted(email, PASSWORD));
        assertThat(created.status()).as("creating a developer: %s", created).isEqualTo(200);
        return new Developer(email, anonymous().signedIn(email, PASSWORD), anonymous());
    }

    private static void assertAllKeyNotFound(Map<String, Api.Response> responses) {
        Map<String, String> outcomes = new LinkedHashMap<>();
        responses.forEach((call, response) -> outcomes.put(call,
                response.status() + " " + response.error().path("code").asText()));
        assertThat(outcomes).allSatisfy((call, outcome) -> assertThat(outcome).as(call).isEqualTo("404 KEY_NOT_FOUND"));
    }

    private static void assertMeta(JsonNode body) {
        assertThat(body.has("meta")).as("meta present").isTrue();
        assertThat(body.path("meta").path("requestId").asText()).isNotBlank();
        assertThat(Instant.parse(body.path("meta").path("timestamp").asText())).isNotNull();
    }

    private static List<String> texts(JsonNode array) {
        List<String> texts = new ArrayList<>();
        array.forEach(item -> texts.add(item.asText()));
        return texts;
    }

    private static List<String> ids(JsonNode keys) {
        List<String> ids = new ArrayList<>();
        keys.forEach(key -> ids.add(key.path("id").asText()));
        return ids;
    }
}
