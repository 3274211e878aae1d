package io.payouts.service.access;

import io.payouts.service.support.Api;
import io.payouts.service.support.HttpIntegrationTest;
import io.payouts.shared.apikey.Scope;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.web.bind.annotation.RequestMethod;
import org.springframework.web.servlet.mvc.method.RequestMappingInfo;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Walks every row of {@link ScopeMatrix#RULES}: a key lacking only the row's scope is refused with 403, a key
 * holding only that scope gets past authorization. New endpoints join by joining the matrix.
 */
class ScopeMatrixTest extends HttpIntegrationTest {

    /** Bodies that make a row's request valid; any other row gets "{}", which authorization judges first anyway. */
    private static final Map<String, java.util.function.Supplier<String>> BODIES = Map.of(
            "POST /api/v1/drivers", () -> Api.driverJson(Api.uniqueSvcDriverId()),
            "POST /api/v1/drivers/bulk", () -> "{\"drivers\":[" + Api.driverJson(Api.uniqueSvcDriverId()) + "]}",
            "PUT /api/v1/drivers/{id}", () -> "{\"name\":\"Ana Diaz\",\"email\":\"ana@example.com\",\"phone\":\"+14155550123\"}",
            "POST /api/v1/drivers/{id}/kyc", () -> "{\"outcome\":\"verified\"}");

    /** Paths under /api/v1 that take a session, not an API key, and so are not in the scope matrix. */
    private static final List<String> SESSION_PATHS = List.of("/api/v1/developer/", "/api/v1/admin/",
            "/api/v1/auth/");

    /**
     * Paths under /api/v1 that take no credential at all: the inbound webhook is authenticated by its signature;
     * the OpenAPI document, with springdoc's YAML copy and console settings, is public (ADR-0021).
     */
    private static final List<String> OPEN_PATHS = List.of("/api/v1/webhooks/inbound", "/api/v1/openapi.json",
            "/api/v1/openapi.json.yaml", "/api/v1/openapi.json/swagger-config");

    /** API key endpoints that need no scope: the sandbox utilities take any sandbox key (ADR-0015). */
    /** The sandbox utilities take any sandbox key; the events API checks each event type's scope (ADR-0027). */
    private static final List<String> UNSCOPED_PATHS = List.of("/api/v1/sandbox/", "/api/v1/events");

    private final Map<String, String> keys = new ConcurrentHashMap<>();

    @Autowired
    @Qualifier("requestMappingHandlerMapping")
    private RequestMappingHandlerMapping mappings;

    @Test
    void theMatrixCoversTheDriverEndpoints() {
        assertThat(ScopeMatrix.RULES).extracting(rule -> rule.method().name() + " " + rule.pattern())
                .contains("GET /api/v1/drivers", "GET /api/v1/drivers/{id}", "GET /api/v1/drivers/{id}/payouts",
                        "POST /api/v1/drivers", "POST /api/v1/drivers/bulk", "PUT /api/v1/drivers/{id}",
                        "DELETE /api/v1/drivers/{id}", "POST /api/v1/drivers/{id}/kyc");
    }

    @Test
    void everyApiKeyEndpointOfTheServiceIsInTheMatrix() {
        List<String> inMatrix = ScopeMatrix.RULES.stream()
                .map(rule -> rule.method().name() + " " + rule.pattern()).toList();
        List<String> missing = new ArrayList<>();
        for (Map.Entry<RequestMappingInfo, ?> mapping : mappings.getHandlerMethods().entrySet()) {
            RequestMappingInfo info = mapping.getKey();
            Set<String> patterns = info.getPatternValues();
            Set<RequestMethod> methods = info.getMethodsCondition().getMethods();
            for (String pattern : patterns) {
                if (!pattern.startsWith("/api/v1/") || SESSION_PATHS.stream().anyMatch(pattern::startsWith)
                        || OPEN_PATHS.contains(pattern)
                        || UNSCOPED_PATHS.stream().anyMatch(pattern::startsWith)) {
                    continue;
                }
                List<RequestMethod> checked = methods.isEmpty() ? Arrays.asList(RequestMethod.values())
                        : new ArrayList<>(methods);
                for (RequestMethod method : checked) {
                    String endpoint = method.name() + " " + pattern;
                    if (!inMatrix.contains(endpoint)) {
                        missing.add(endpoint);
                    }
                }
            }
        }

        assertThat(missing).as("API key endpoints without a row in ScopeMatrix.RULES").isEmpty();
    }

    @TestFactory
    Stream<DynamicTest> aKeyWithoutTheRowsScopeIsForbidden() {
        return ScopeMatrix.RULES.stream().map(rule -> DynamicTest.dynamicTest(describe(rule), () -> {
            Api.Response response = call(rule, keyWith(allScopesExcept(rule.scope())));

            assertThat(response.status()).as("%s without %s: %s", describe(rule), rule.scope().apiName(), response)
                    .isEqualTo(403);
            assertThat(response.body().path("success").asBoolean()).isFalse();
            assertThat(response.error().path("code").asText()).isEqualTo("FORBIDDEN");
            assertThat(response.error().path("message").asText()).contains(rule.scope().apiName());
        }));
    }

    @TestFactory
    Stream<DynamicTest> aKeyWithOnlyTheRowsScopeIsLetThrough() {
        return ScopeMatrix.RULES.stream().map(rule -> DynamicTest.dynamicTest(describe(rule), () -> {
            Api.Response response = call(rule, keyWith(List.of(rule.scope().apiName())));

            assertThat(response.status()).as("%s with only %s: %s", describe(rule), rule.scope().apiName(), response)
                    .isNotIn(401, 403)
                    .isLessThan(500);
        }));
    }

    @TestFactory
    Stream<DynamicTest> noCredentialIsUnauthorized() {
        return ScopeMatrix.RULES.stream().map(rule -> DynamicTest.dynamicTest(describe(rule), () -> {
            Api.Response response = call(rule, anonymous());

            assertThat(response.status()).as(describe(rule)).isEqualTo(401);
            assertThat(response.error().path("code").asText()).isEqualTo("UNAUTHORIZED");
        }));
    }

    @Test
    void healthIsOpenWithoutACredential() {
        Api.Response response = anonymous().get("/health");

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.body().path("success").asBoolean()).isTrue();
    }

    private Api.Response call(ScopeMatrix.Rule rule, Api caller) {
        String driverId = api().registerDriver().path("id").asText();
        String path = rule.pattern().replace("{id}", driverId);
        String method = rule.method().name();
        String body = BODIES.getOrDefault(method + " " + rule.pattern(), () -> "{}").get();
        boolean hasBody = method.equals("POST") || method.equals("PUT") || method.equals("PATCH");
        return caller.send(method, path, hasBody ? body : null, "application/json");
    }

    private Api keyWith(List<String> scopes) {
        String value = keys.computeIfAbsent(String.join(",", scopes),
                ignored -> owner().createKey("sandbox", scopes).body().path("key").asText());
        return anonymous().withBearer(value);
    }

    private static List<String> allScopesExcept(Scope excluded) {
        return Arrays.stream(Scope.values()).filter(scope -> scope != excluded).map(Scope::apiName).toList();
    }

    private static String describe(ScopeMatrix.Rule rule) {
        return rule.method().name() + " " + rule.pattern() + " needs " + rule.scope().apiName();
    }
}
