package io.payouts.service.access;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.payouts.service.support.Api;
import io.payouts.service.support.HttpIntegrationTest;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** Sandbox and production are separate worlds: the key's mode decides which data a request sees and changes. */
class ModeIsolationTest extends HttpIntegrationTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String PROFILE = "{\"name\":\"Changed Name\",\"email\":\"changed@example.com\",\"phone\":\"+14155550199\"}";

    @Autowired
    private JdbcTemplate jdbc;

    @Test
    void aSandboxDriverIsNotFoundWithAProductionKey() {
        Key production = productionKeyWithItsId();
        Key sandbox = sandboxKey();
        String driverId = sandbox.api().registerDriver().path("id").asText();

        assertAllNotFound(production.api(), driverId);

        assertUnchanged(sandbox.api(), driverId);
    }

    @Test
    void aProductionDriverIsNotFoundWithASandboxKey() {
        Key production = productionKeyWithItsId();
        Key sandbox = sandboxKey();
        String driverId = production.api().registerDriver().path("id").asText();

        assertAllNotFound(sandbox.api(), driverId);
        assertAllNotFound(api(), driverId);

        assertUnchanged(production.api(), driverId);
    }

    @Test
    void eachModesListShowsOnlyItsOwnDrivers() {
        Key production = productionKeyWithItsId();
        Key sandbox = sandboxKey();
        String sandboxDriver = sandbox.api().registerDriver().path("id").asText();
        String productionDriver = production.api().registerDriver().path("id").asText();

        Set<String> productionList = allDriverIds(production.api());
        Set<String> sandboxList = allDriverIds(sandbox.api());

        assertThat(productionList).contains(productionDriver).doesNotContain(sandboxDriver);
        assertThat(sandboxList).contains(sandboxDriver).doesNotContain(productionDriver);
        assertThat(productionList).doesNotContainAnyElementsOf(sandboxList);
    }

    @Test
    void theSameSvcDriverIdMayBeRegisteredOnceInEachMode() {
        Key production = productionKeyWithItsId();
        Key sandbox = sandboxKey();
        String svcDriverId = Api.uniqueSvcDriverId();

        Api.Response inSandbox = sandbox.api().post("/api/v1/drivers", Api.driverJson(svcDriverId));
        Api.Response inProduction = production.api().post("/api/v1/drivers", Api.driverJson(svcDriverId));
        Api.Response againInSandbox = sandbox.api().post("/api/v1/drivers", Api.driverJson(svcDriverId));
        Api.Response againInProduction = production.api().post("/api/v1/drivers", Api.driverJson(svcDriverId));

        assertThat(inSandbox.status()).isEqualTo(200);
        assertThat(inProduction.status()).isEqualTo(200);
        assertThat(inSandbox.data().path("id").asText()).isNotEqualTo(inProduction.data().path("id").asText());
        for (Api.Response again : List.of(againInSandbox, againInProduction)) {
            assertThat(again.status()).isEqualTo(409);
            assertThat(again.error().path("code").asText()).isEqualTo("CONFLICT");
        }
    }

    @Test
    void aProductionRegistrationsEventsCarryTheModeTheCallerAndTheRequestId() throws Exception {
        Key production = productionKeyWithItsId();
        String requestId = "iso-" + UUID.randomUUID();

        Api.Response registered = production.api().header("X-Request-Id", requestId)
                .post("/api/v1/drivers", Api.driverJson(Api.uniqueSvcDriverId()));

        assertThat(registered.status()).isEqualTo(200);
        List<JsonNode> metadata = metadataOf(registered.data().path("id").asText());
        assertThat(metadata).isNotEmpty();
        for (JsonNode meta : metadata) {
            assertThat(meta.path("mode").asText()).isEqualTo("production");
            assertThat(meta.path("caller").asText()).isEqualTo(production.id());
            assertThat(meta.path("requestId").asText()).isEqualTo(requestId);
        }
        assertThat(metadataText(registered.data().path("id").asText()))
                .allSatisfy(text -> assertThat(text).contains("\"mode\":\"production\""));
    }

    @Test
    void aSandboxRegistrationsEventsCarryTheSandboxModeAndItsKey() throws Exception {
        Key sandbox = sandboxKey();
        String requestId = "iso-" + UUID.randomUUID();

        Api.Response registered = sandbox.api().header("X-Request-Id", requestId)
                .post("/api/v1/drivers", Api.driverJson(Api.uniqueSvcDriverId()));

        List<JsonNode> metadata = metadataOf(registered.data().path("id").asText());
        assertThat(metadata).isNotEmpty();
        for (JsonNode meta : metadata) {
            assertThat(meta.path("mode").asText()).isEqualTo("sandbox");
            assertThat(meta.path("caller").asText()).isEqualTo(sandbox.id());
            assertThat(meta.path("requestId").asText()).isEqualTo(requestId);
        }
    }

    @Test
    void keyEventsRecordTheSignedInUserAsTheCaller() throws Exception {
        Api.Response session = anonymous().post("/api/v1/auth/sessions", """
                {"email":"%s","password":"%s"}""".formatted(OWNER_EMAIL, OWNER_PASSWORD));
        String ownerId = session.data().path("user").path("id").asText();
        Api owner = anonymous().withBearer(session.data().path("token").asText());
        String requestId = "iso-" + UUID.randomUUID();

        String keyId = owner.header("X-Request-Id", requestId).createKey("sandbox", List.of("drivers:read"))
                .body().path("id").asText();

        List<JsonNode> metadata = metadataOf(keyId);
        assertThat(metadata).isNotEmpty();
        for (JsonNode meta : metadata) {
            assertThat(meta.path("caller").asText()).isEqualTo(ownerId);
            assertThat(meta.path("requestId").asText()).isEqualTo(requestId);
        }
    }

    private void assertAllNotFound(Api caller, String driverId) {
        List<Api.Response> responses = List.of(
                caller.get("/api/v1/drivers/" + driverId),
                caller.put("/api/v1/drivers/" + driverId, PROFILE),
                caller.delete("/api/v1/drivers/" + driverId),
                caller.post("/api/v1/drivers/" + driverId + "/kyc", "{\"outcome\":\"verified\"}"));
        for (Api.Response response : responses) {
            assertThat(response.status()).as("%s", response).isEqualTo(404);
            assertThat(response.error().path("code").asText()).isEqualTo("NOT_FOUND");
        }
    }

    private static void assertUnchanged(Api owner, String driverId) {
        JsonNode driver = owner.get("/api/v1/drivers/" + driverId).data();
        assertThat(driver.path("name").asText()).isEqualTo("Ana Diaz");
        assertThat(driver.path("status").asText()).isEqualTo("invited");
        assertThat(driver.path("kycStatus").asText()).isEqualTo("pending");
    }

    private static Set<String> allDriverIds(Api caller) {
        Set<String> ids = new HashSet<>();
        for (int page = 1; ; page++) {
            Api.Response response = caller.get("/api/v1/drivers?pageSize=100&page=" + page);
            assertThat(response.status()).isEqualTo(200);
            response.data().path("items").forEach(driver -> ids.add(driver.path("id").asText()));
            if (!response.data().path("hasNextPage").asBoolean()) {
                return ids;
            }
        }
    }

    private List<String> metadataText(String aggregateId) {
        return jdbc.queryForList("select convert_from(meta_data, 'UTF8') from domain_event_entry "
                + "where aggregate_identifier = ? order by sequence_number", String.class, aggregateId);
    }

    private List<JsonNode> metadataOf(String aggregateId) throws Exception {
        List<JsonNode> parsed = new java.util.ArrayList<>();
        for (String text : metadataText(aggregateId)) {
            parsed.add(JSON.readTree(text));
        }
        return parsed;
    }

    private record Key(String id, Api api) {
    }

    private Key sandboxKey() {
        Api.Response created = owner().createKey("sandbox", Api.ALL_SCOPES);
        return new Key(created.body().path("id").asText(), anonymous().withBearer(created.body().path("key").asText()));
    }

    private Key productionKeyWithItsId() {
        String id = owner().createKey("production", Api.ALL_SCOPES).body().path("id").asText();
        Api.Response approved = owner().post("/api/v1/admin/api-keys/" + id + "/approve", "{}");
        assertThat(approved.status()).as("approving: %s", approved).isEqualTo(200);
        return new Key(id, anonymous().withBearer(approved.body().path("key").asText()));
    }
}
