package io.payouts.service.openapi;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.payouts.service.access.KeyValues;
import io.payouts.service.http.ApiEnums;
import io.payouts.service.support.Api;
import io.payouts.service.support.ApiContract;
import io.payouts.service.support.HttpIntegrationTest;
import io.payouts.shared.Mode;
import io.payouts.shared.apikey.ApprovalStatus;
import io.payouts.shared.apikey.Scope;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The OpenAPI document against the service and its other descriptions (ADR-0021): every endpoint of the
 * interface specification and of the README is in it, each operation is catalogued and answers as its credential
 * says, its list limits are the enforced ones, and it is the copy the client module builds against. That every
 * response of every HTTP test fits the document is checked by {@link ApiContract}, through {@link Api}.
 */
class ApiDocumentTest extends HttpIntegrationTest {

    private static final Path REPOSITORY = Path.of("..").toAbsolutePath().normalize();
    private static final Pattern README_ROUTE =
            Pattern.compile("`(?:((?:GET|POST|PUT|DELETE)(?:/(?:GET|POST|PUT|DELETE))*) )?(/[^` ]*)`");
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void documentsEveryEndpointOfTheInterfaceSpecification() throws IOException {
        List<String> listed = Files.readAllLines(Path.of("src/test/resources/openapi/spec-endpoints.txt")).stream()
                .filter(line -> !line.isBlank() && !line.startsWith("#")).toList();

        assertThat(listed).hasSizeGreaterThan(40);
        assertThat(listed).allSatisfy(this::assertDocumented);
    }

    @Test
    void documentsEveryEndpointOfTheReadme() throws IOException {
        List<String> routes = readmeRoutes(Files.readString(REPOSITORY.resolve("README.md")));

        assertThat(routes).contains("GET /api/v1/drivers", "POST /api/v1/payouts/:id/retry",
                "POST /api/v1/admin/api-keys/:id/reject", "POST /api/v1/payouts/bulk/cancel",
                "GET /api/v1/admin/api-keys/pending", "DELETE /api/v1/admin/users/:id",
                "POST /api/v1/webhooks/inbound");
        assertThat(routes).allSatisfy(this::assertDocumented);
    }

    @Test
    void cataloguesEveryOperationWithATagASummaryAndAnId() {
        JsonNode paths = contract().document().path("paths");
        List<String> operations = new ArrayList<>();
        paths.fields().forEachRemaining(path -> path.getValue().fields().forEachRemaining(operation -> {
            operations.add(operation.getKey().toUpperCase(Locale.ROOT) + " " + path.getKey());
            assertThat(operation.getValue().path("summary").asText())
                    .as("summary of %s %s (add it to ApiCatalogue)", operation.getKey(), path.getKey()).isNotBlank();
            assertThat(operation.getValue().path("tags").path(0).asText()).isNotBlank();
            assertThat(operation.getValue().path("operationId").asText()).matches("[a-z][A-Za-z]+");
        }));
        assertThat(operations).hasSize(ApiCatalogue.ENDPOINTS.size());
    }

    @Test
    void noTwoRecordsOfTheApiBecomeOneSchema(@Autowired @Qualifier("requestMappingHandlerMapping")
                                             RequestMappingHandlerMapping handlers) {
        assertThat(ResponseRecords.sharedSchemaNames(handlers))
                .as("records with one schema name; give one a @Schema(name = ...)").isEmpty();
    }

    @Test
    void everyOperationDocumentedWithACredentialRefusesARequestWithout() {
        JsonNode paths = contract().document().path("paths");
        paths.fields().forEachRemaining(path -> path.getValue().fields().forEachRemaining(operation -> {
            String method = operation.getKey().toUpperCase(Locale.ROOT);
            String concrete = path.getKey().replaceAll("\\{[^/]+}", "unknown_0");
            Api.Response response = anonymous().send(method, concrete, method.equals("GET")
                    || method.equals("DELETE") ? null : "{}", "application/json");
            boolean open = operation.getValue().path("security").isEmpty();
            if (!open) {
                assertThat(response.status()).as("%s %s is documented as needing a credential", method,
                        path.getKey()).isEqualTo(401);
            }
        }));
    }

    @Test
    void documentsTheListLimitsTheServiceEnforces() {
        String driverId = api().registerDriver().path("id").asText();
        Map<String, String> ids = historyIds();
        JsonNode paths = contract().document().path("paths");
        paths.fields().forEachRemaining(path -> {
            JsonNode list = path.getValue().path("get");
            JsonNode pageSize = parameter(list, "pageSize");
            if (pageSize == null) {
                return;
            }
            Api client = path.getKey().startsWith("/api/v1/admin/") ? owner() : api();
            String route = path.getKey().replace("{id}", ids.getOrDefault(path.getKey(), driverId));
            int defaultSize = pageSize.path("schema").path("default").asInt();
            int maximum = pageSize.path("schema").path("maximum").asInt();

            assertThat(client.get(route).data().path("pageSize").asInt()).as("default page size of %s", route)
                    .isEqualTo(defaultSize);
            assertThat(client.get(route + "?pageSize=" + maximum).status()).as("largest page of %s", route)
                    .isEqualTo(200);
            Api.Response tooLarge = client.get(route + "?pageSize=" + (maximum + 1));
            assertThat(tooLarge.status()).as("page size over the maximum of %s", route).isEqualTo(400);
            assertThat(tooLarge.error().path("details").has("pageSize")).isTrue();
            assertThat(client.get(route + "?page=0").status()).isEqualTo(400);
        });
    }

    /** A resource of each kind whose history is a paged list (ADR-0027), by the history's path. */
    private Map<String, String> historyIds() {
        String payable = api().registerDriver().path("id").asText();
        assertThat(api().post("/api/v1/drivers/" + payable + "/kyc", "{\"outcome\":\"verified\"}").status())
                .isEqualTo(200);
        String topUpId = api().post("/api/v1/funding/topup", "{\"amount\":1000}").data().path("transactionId")
                .asText();
        String batchId = api().post("/api/v1/batches", """
                {"name":"history","urgency":"standard","payouts":[{"driverId":"%s","amount":100}]}"""
                .formatted(payable)).data().path("id").asText();
        // a batch's payouts exist, pending, from its creation (ADR-0013)
        String payoutId = api().get("/api/v1/batches/" + batchId).data().path("payouts").get(0).path("id").asText();
        String keyId = owner().createKey("sandbox", List.of("payouts:read")).body().path("id").asText();
        return Map.of("/api/v1/payouts/{id}/history", payoutId, "/api/v1/batches/{id}/history", batchId,
                "/api/v1/funding/topups/{id}/history", topUpId, "/api/v1/admin/api-keys/{id}/history", keyId);
    }

    @Test
    void describesTheCredentialsTheScopesAndTheSpecialShapes() {
        JsonNode document = contract().document();

        assertThat(document.path("openapi").asText()).isEqualTo("3.1.0");
        assertThat(document.at("/components/securitySchemes/apiKey/scheme").asText()).isEqualTo("bearer");
        assertThat(document.at("/components/securitySchemes/sessionToken/scheme").asText()).isEqualTo("bearer");
        assertThat(document.at("/paths/~1api~1v1~1payouts/post/x-required-scope").asText()).isEqualTo("payouts:write");
        assertThat(document.at("/paths/~1api~1v1~1developer~1keys/post/security/0").has("sessionToken")).isTrue();
        assertThat(document.at("/components/schemas/KeyIssuedResponse/required").toString())
                .contains("\"key\"", "\"note\"", "\"meta\"").doesNotContain("\"data\"");
        assertThat(document.at("/components/schemas/KeyApprovedResponse/properties").has("meta")).isFalse();
        assertThat(document.at("/components/parameters/X-Sandbox-Scenario/schema/enum").toString())
                .contains("insufficient_funds", "rate_limited");
        assertThat(document.at("/paths/~1api~1v1~1payouts/post/responses/422/$ref").asText())
                .endsWith("DRIVER_NOT_PAYABLE");
        assertThat(document.at("/components/responses/Error429_RATE_LIMITED/headers").has("Retry-After")).isTrue();
    }

    /** The console calls the API with its cookie and two headers of its own (ADR-0020); a generated client sees them. */
    @Test
    void declaresTheConsolesCookieAndItsHeadersWhereTheServiceTakesThem() {
        JsonNode document = contract().document();

        JsonNode createPayout = document.at("/paths/~1api~1v1~1payouts/post");
        assertThat(createPayout.path("security").toString()).contains("apiKey", "consoleCookie");
        assertThat(createPayout.path("parameters").toString())
                .contains("#/components/parameters/X-Console-Mode", "#/components/parameters/X-CSRF-Token");
        assertThat(document.at("/paths/~1api~1v1~1payouts/get/parameters").toString())
                .contains("X-Console-Mode").doesNotContain("X-CSRF-Token");
        assertThat(document.at("/paths/~1api~1v1~1admin~1users/post/security").toString()).contains("consoleCookie");
        assertThat(document.at("/paths/~1api~1v1~1admin~1users/post/parameters").toString())
                .contains("X-CSRF-Token").doesNotContain("X-Console-Mode");
        assertThat(document.at("/paths/~1api~1v1~1auth~1sessions/delete/security").toString())
                .doesNotContain("consoleCookie");
        assertThat(document.at("/components/parameters/X-Console-Mode/schema/enum").toString())
                .contains("sandbox", "production");
    }

    @Test
    void everyWriteTheConsoleMaySendListsTheRefusalOfAMissingCsrfToken() {
        List<String> unlisted = new ArrayList<>();
        contract().document().path("paths").fields().forEachRemaining(path -> path.getValue().fields()
                .forEachRemaining(operation -> {
                    boolean takesCookie = operation.getValue().path("security").toString().contains("consoleCookie");
                    if (takesCookie && !operation.getKey().equals("get")
                            && !operation.getValue().path("responses").has("403")) {
                        unlisted.add(operation.getKey().toUpperCase(Locale.ROOT) + " " + path.getKey());
                    }
                }));

        assertThat(unlisted).as("console writes whose 403 for a missing X-CSRF-Token is not listed").isEmpty();
    }

    @Test
    void documentsTheKeyFieldsWithTheValuesOfTheirEnums() {
        JsonNode key = contract().document().at("/components/schemas/KeySummary/properties");

        assertThat(texts(key.path("mode").path("enum"))).isEqualTo(apiNames(Mode.values()));
        assertThat(texts(key.path("approval_status").path("enum"))).isEqualTo(apiNames(ApprovalStatus.values()));
        assertThat(texts(key.path("scopes").path("items").path("enum")))
                .isEqualTo(Arrays.stream(Scope.values()).map(Scope::apiName).toList());
        assertThat(texts(key.path("prefix").path("enum")))
                .isEqualTo(Arrays.stream(Mode.values()).map(KeyValues::prefixOf).toList());
    }

    private static List<String> texts(JsonNode array) {
        List<String> texts = new ArrayList<>();
        array.forEach(value -> texts.add(value.asText()));
        return texts;
    }

    private static List<String> apiNames(Enum<?>[] values) {
        return Arrays.stream(values).map(ApiEnums::name).toList();
    }

    /** A bulk result's item is one Java Object for several shapes; the document names them, so a client knows. */
    @Test
    void namesTheShapesEachBulkEndpointsItemsHold() {
        JsonNode document = contract().document();

        assertThat(Map.of("/api/v1/drivers/bulk", List.of("DriverResponse", "SubmittedDriverRequest"),
                "/api/v1/payouts/bulk", List.of("AdmittedItem", "SubmittedNewPayout", "RefusedItem"),
                "/api/v1/payouts/bulk/cancel", List.of("StatusItem", "IdItem"),
                "/api/v1/payouts/bulk/retry", List.of("StatusItem", "IdItem"))).allSatisfy((path, shapes) -> {
            JsonNode answer = referred(document, document.path("paths").path(path)
                    .at("/post/responses/200/content/application~1json/schema"));
            JsonNode results = referred(document, answer.at("/properties/data"));
            JsonNode item = referred(document, results.at("/properties/results/items")).at("/properties/item");
            List<String> named = new ArrayList<>();
            item.path("anyOf").forEach(shape -> named.add(shape.path("$ref").asText()
                    .replace("#/components/schemas/", "")));
            assertThat(named).as("the shapes of %s's item", path).isEqualTo(shapes);
            assertThat(named).allSatisfy(shape -> assertThat(document.at("/components/schemas/" + shape
                    + "/properties").isEmpty()).as("%s has properties", shape).isFalse());
        });
    }

    @Test
    void leavesNoPropertyUntyped() {
        List<String> untyped = new ArrayList<>();
        contract().document().at("/components/schemas").fields().forEachRemaining(schema -> schema.getValue()
                .path("properties").fields().forEachRemaining(property -> {
                    if (property.getValue().isEmpty()) {
                        untyped.add(schema.getKey() + "." + property.getKey());
                    }
                }));

        assertThat(untyped).as("properties the document says nothing of ({})").isEmpty();
    }

    private static JsonNode referred(JsonNode document, JsonNode schema) {
        return document.at(schema.path("$ref").asText().substring(1));
    }

    @Test
    void servesTheDocumentTheClientModuleIsBuiltFrom() throws Exception {
        String served = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(
                        anonymous().baseUrl() + ApiContract.DOCUMENT_PATH)).build(),
                HttpResponse.BodyHandlers.ofString()).body();
        Path checkedIn = REPOSITORY.resolve("client/openapi.json");
        Path current = Path.of("target/openapi.json");
        Files.writeString(current, served, StandardCharsets.UTF_8);

        assertThat(JSON.readTree(served).equals(JSON.readTree(Files.readString(checkedIn))))
                .as("client/openapi.json is out of date: copy service/target/openapi.json over it").isTrue();
    }

    private void assertDocumented(String route) {
        String[] parts = route.split(" ", 2);
        String template = parts[1].replaceAll(":([A-Za-z]+)", "{$1}");
        assertThat(contract().document().path("paths").path(template).has(parts[0].toLowerCase(Locale.ROOT)))
                .as("%s is in the OpenAPI document", route).isTrue();
    }

    /**
     * The routes in the first column of the README's tables. A cell may list several: {@code GET/POST /a}, or a
     * path followed by others relative to it: below it ({@code `GET /a`, `/:id`}), from a segment they share
     * ({@code `POST /a/:id/x`, `/:id/y`}), or beside an action on a resource ({@code `POST /a/:id/x`, `/y`}).
     */
    static List<String> readmeRoutes(String readme) {
        Set<String> routes = new LinkedHashSet<>();
        for (String line : readme.split("\n")) {
            if (!line.startsWith("| `")) {
                continue;
            }
            String cell = line.substring(1, line.indexOf('|', 1));
            Matcher matcher = README_ROUTE.matcher(cell);
            List<String> methods = List.of();
            String first = null;
            while (matcher.find()) {
                String path = matcher.group(2).replaceAll("\\?.*", "");
                if (matcher.group(1) != null) {
                    methods = List.of(matcher.group(1).split("/"));
                    first = path;
                } else if (first != null) {
                    path = relativeTo(first, path);
                }
                for (String method : methods) {
                    routes.add(method + " " + path);
                }
            }
        }
        return List.copyOf(routes);
    }

    private static String relativeTo(String first, String continuation) {
        String[] segments = first.substring(1).split("/");
        String lead = continuation.substring(1).split("/")[0];
        StringBuilder base = new StringBuilder();
        for (String segment : segments) {
            if (segment.equals(lead)) {
                return base + continuation;
            }
            base.append('/').append(segment);
        }
        boolean actionOnAResource = segments.length > 1 && segments[segments.length - 2].startsWith(":");
        return actionOnAResource ? first.substring(0, first.lastIndexOf('/')) + continuation : first + continuation;
    }

    private static JsonNode parameter(JsonNode operation, String name) {
        for (JsonNode parameter : operation.path("parameters")) {
            if (name.equals(parameter.path("name").asText())) {
                return parameter;
            }
        }
        return null;
    }

    private ApiContract contract() {
        return ApiContract.of(anonymous().baseUrl());
    }
}
