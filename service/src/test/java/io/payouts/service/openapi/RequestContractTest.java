package io.payouts.service.openapi;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.payouts.service.support.Api;
import io.payouts.service.support.HttpIntegrationTest;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;

import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The request side of the served document against the service, both ways. Every constraint a request schema or a
 * query parameter states (required, enum, minimum, maximum, pattern, minLength, maxLength, minItems, maxItems,
 * additionalProperties false) is broken in an otherwise valid request, which must be refused with a 400 naming the
 * field (a bulk item instead fails as that item, as the spec's bulk rule says). And the values the document allows
 * at its edges (each enum value, each bound) are never refused with a 400 naming that field.
 */
class RequestContractTest extends HttpIntegrationTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String PHONE = "+14155550123";
    private static final Set<String> REFUSAL_CODES = Set.of("VALIDATION_ERROR", "INVALID_SCOPES");
    /** Their format is checked in prose rules the schema does not state, so padding them is no test of a bound. */
    private static final Set<String> SHAPED_STRINGS = Set.of("email", "phone", "svcDriverId", "payoutId");

    /** One operation: who calls it, a fresh path (some are used up) and an otherwise valid body. */
    private record Call(String method, String template, Supplier<Api> caller, Supplier<String> path,
                        Supplier<String> body) {
    }

    /** One statement of the document about one value of a request, with a value that breaks it. */
    private record Fact(String kind, List<Object> at, JsonNode breaking, List<JsonNode> allowed) {

        String field() {
            StringBuilder name = new StringBuilder();
            for (Object segment : at) {
                if (segment instanceof Integer index) {
                    name.append('[').append(index).append(']');
                } else {
                    name.append(name.isEmpty() ? "" : ".").append(segment);
                }
            }
            return name.toString();
        }
    }

    @Test
    void everyConstraintOfARequestBodyIsRefusedNamingItsFieldAndItsEdgesAreAllowed() {
        JsonNode document = anonymous().get("/api/v1/openapi.json").body();
        SoftAssertions softly = new SoftAssertions();
        List<String> covered = new ArrayList<>();
        for (Call call : calls()) {
            JsonNode schema = resolve(document, document.path("paths").path(call.template())
                    .path(call.method().toLowerCase()).path("requestBody").path("content").path("application/json")
                    .path("schema"));
            assertThat(schema.isMissingNode()).as("%s %s takes a JSON body", call.method(), call.template()).isFalse();
            JsonNode base = parse(call.body().get());
            for (Fact fact : facts(document, schema, base, List.of())) {
                covered.add(call.template() + " " + fact.kind() + " " + fact.field());
                Api.Response refused = send(call, with(base, fact.at(), fact.breaking()));
                softly.assertThat(refusedNaming(refused, fact, call.template().endsWith("/bulk")))
                        .as("%s %s breaking %s of %s → %s", call.method(), call.template(), fact.kind(), fact.field(),
                                refused)
                        .isTrue();
                for (JsonNode allowed : fact.allowed()) {
                    Api.Response answer = send(call, with(parse(call.body().get()), fact.at(), allowed));
                    softly.assertThat(refusedFor(answer, fact.field()))
                            .as("%s %s with %s = %s, which the document allows → %s", call.method(), call.template(),
                                    fact.field(), allowed, answer)
                            .isFalse();
                }
            }
        }
        softly.assertThat(covered).as("the facts held to").contains(
                "/api/v1/batches required name", "/api/v1/batches required payouts",
                "/api/v1/batches required payouts[0].driverId", "/api/v1/batches required payouts[0].amount",
                "/api/v1/webhooks required url", "/api/v1/webhooks enum events[0]",
                "/api/v1/admin/api-keys/{id}/reject required reason", "/api/v1/developer/keys enum mode",
                "/api/v1/developer/keys enum scopes[0]", "/api/v1/admin/users enum role",
                "/api/v1/drivers/{id}/kyc enum outcome", "/api/v1/funding/topup enum method",
                "/api/v1/payouts enum urgency", "/api/v1/payouts maximum amount", "/api/v1/drivers pattern phone",
                "/api/v1/drivers additionalProperties unexpectedField");
        softly.assertAll();
    }

    @Test
    void everyBoundOrEnumOfAQueryParameterIsRefusedNamingItAndItsEdgesAreAllowed() {
        JsonNode document = anonymous().get("/api/v1/openapi.json").body();
        Map<String, String> held = new LinkedHashMap<>();
        SoftAssertions softly = new SoftAssertions();
        document.path("paths").fields().forEachRemaining(path -> {
            JsonNode get = path.getValue().path("get");
            if (get.isMissingNode() || path.getKey().contains("{") || !get.path("security").toString()
                    .contains(ApiDocumentCustomizer.API_KEY_SCHEME)) {
                return;
            }
            for (JsonNode parameter : get.path("parameters")) {
                JsonNode schema = parameter.path("schema");
                if (!"query".equals(parameter.path("in").asText()) || parameter.path("name").asText().matches(
                        "page|pageSize")) {
                    continue;
                }
                String name = parameter.path("name").asText();
                Map<String, Boolean> values = new LinkedHashMap<>();
                if (schema.has("minimum")) {
                    values.put(String.valueOf(schema.path("minimum").asLong() - 1), true);
                    values.put(schema.path("minimum").asText(), false);
                }
                if (schema.has("maximum")) {
                    values.put(String.valueOf(schema.path("maximum").asLong() + 1), true);
                    values.put(schema.path("maximum").asText(), false);
                }
                if (schema.has("enum")) {
                    values.put("not-a-value", true);
                    schema.path("enum").forEach(value -> values.put(value.asText(), false));
                }
                values.forEach((value, refuse) -> {
                    held.put(path.getKey() + "?" + name + "=" + value, refuse ? "refused" : "allowed");
                    Api.Response answer = api().get(path.getKey() + "?" + name + "=" + value);
                    softly.assertThat(refusedFor(answer, name)).as("GET %s?%s=%s → %s", path.getKey(), name, value,
                            answer).isEqualTo(refuse);
                });
            }
        });
        softly.assertThat(held).containsKeys("/api/v1/funding/projection?days=91", "/api/v1/funding/projection?days=0",
                "/api/v1/events?limit=101", "/api/v1/events?limit=0", "/api/v1/payouts/instant/fee?amount=100000001");
        softly.assertAll();
    }

    private List<Call> calls() {
        String driverId = api().registerDriver().path("id").asText();
        Supplier<Api> key = this::api;
        Supplier<Api> owner = this::owner;
        Supplier<String> root = () -> null;
        String payout = "{\"driverId\":\"" + driverId + "\",\"amount\":1500}";
        String payoutWithUrgency = "{\"driverId\":\"" + driverId + "\",\"amount\":1500,\"urgency\":\"standard\"}";
        return List.of(
                new Call("POST", "/api/v1/drivers", key, root, () -> Api.driverJson(Api.uniqueSvcDriverId())),
                new Call("POST", "/api/v1/drivers/bulk", key, root,
                        () -> "{\"drivers\":[" + Api.driverJson(Api.uniqueSvcDriverId()) + "]}"),
                new Call("PUT", "/api/v1/drivers/{id}", key, () -> "/api/v1/drivers/" + driverId,
                        () -> "{\"name\":\"Ada\",\"email\":\"ada@example.com\",\"phone\":\"" + PHONE + "\"}"),
                new Call("PUT", "/api/v1/drivers/{id}/bank-account", key,
                        () -> "/api/v1/drivers/" + driverId + "/bank-account",
                        () -> "{\"country\":\"US\",\"routingNumber\":\"011000015\",\"accountNumber\":\"123456789\","
                                + "\"accountType\":\"checking\",\"holderName\":\"Ada Driver\"}"),
                new Call("POST", "/api/v1/drivers/{id}/kyc", key,
                        () -> "/api/v1/drivers/" + api().registerDriver().path("id").asText() + "/kyc",
                        () -> "{\"outcome\":\"verified\"}"),
                new Call("POST", "/api/v1/funding/topup", key, root,
                        () -> "{\"amount\":1000,\"method\":\"bank_transfer\"}"),
                new Call("POST", "/api/v1/payouts", key, root, () -> payoutWithUrgency),
                new Call("POST", "/api/v1/payouts/instant", key, root, () -> payout),
                new Call("POST", "/api/v1/payouts/bulk", key, root,
                        () -> "{\"urgency\":\"standard\",\"payouts\":[" + payoutWithUrgency + "]}"),
                new Call("POST", "/api/v1/payouts/bulk/cancel", key, root,
                        () -> "{\"payoutIds\":[\"pay_" + "0".repeat(32) + "\"]}"),
                new Call("POST", "/api/v1/batches", key, root,
                        () -> "{\"name\":\"weekly\",\"urgency\":\"standard\",\"payouts\":[" + payout + "]}"),
                new Call("POST", "/api/v1/webhooks", key, root,
                        () -> "{\"url\":\"https://receiver.example/hooks\",\"events\":[\"payout.created\"]}"),
                new Call("POST", "/api/v1/developer/keys", owner, root,
                        () -> "{\"name\":\"contract\",\"mode\":\"sandbox\",\"scopes\":[\"drivers:read\"],"
                                + "\"expires_in\":30}"),
                new Call("POST", "/api/v1/admin/api-keys/{id}/reject", owner,
                        () -> "/api/v1/admin/api-keys/" + pendingProductionKey() + "/reject",
                        () -> "{\"reason\":\"not this quarter\"}"),
                new Call("POST", "/api/v1/admin/users", owner, root,
                        () -> "{\"email\":\"dev-" + Api.uniqueSvcDriverId() + "@example.com\","
                                + "\"password\":\"long enough password\",\"role\":\"developer\"}"),
                new Call("POST", "/api/v1/auth/sessions", this::anonymous, root,
                        () -> "{\"email\":\"" + OWNER_EMAIL + "\",\"password\":\"" + OWNER_PASSWORD + "\"}"));
    }

    private String pendingProductionKey() {
        return owner().post("/api/v1/developer/keys", "{\"name\":\"to reject\",\"mode\":\"production\","
                + "\"scopes\":[\"drivers:read\"],\"approval_reason\":\"a contract test\"}").body().path("id").asText();
    }

    private static Api.Response send(Call call, JsonNode body) {
        String path = call.path().get();
        return call.caller().get().send(call.method(), path == null ? call.template() : path, body.toString(),
                "application/json");
    }

    /** What the document says of each value in {@code value}, an instance of {@code schema}, however deep. */
    private static List<Fact> facts(JsonNode document, JsonNode schema, JsonNode value, List<Object> at) {
        List<Fact> facts = new ArrayList<>();
        JsonNodeFactory nodes = JsonNodeFactory.instance;
        if (value.isObject()) {
            if (schema.path("additionalProperties").isBoolean() && !schema.path("additionalProperties").asBoolean()) {
                facts.add(new Fact("additionalProperties", append(at, "unexpectedField"), nodes.numberNode(1),
                        List.of()));
            }
            for (JsonNode required : schema.path("required")) {
                if (value.has(required.asText())) {
                    facts.add(new Fact("required", append(at, required.asText()), null, List.of()));
                }
            }
            schema.path("properties").fields().forEachRemaining(property -> {
                if (value.has(property.getKey())) {
                    facts.addAll(facts(document, resolve(document, property.getValue()), value.get(property.getKey()),
                            append(at, property.getKey())));
                }
            });
            return facts;
        }
        if (value.isArray()) {
            if (schema.has("minItems") && schema.path("minItems").asInt() == 1) {
                facts.add(new Fact("minItems", at, nodes.arrayNode(), List.of()));
            }
            if (schema.has("maxItems") && value.size() > 0) {
                ArrayNode tooMany = nodes.arrayNode();
                for (int i = 0; i <= schema.path("maxItems").asInt(); i++) {
                    tooMany.add(value.get(0));
                }
                facts.add(new Fact("maxItems", at, tooMany, List.of()));
            }
            if (value.size() > 0) {
                facts.addAll(facts(document, resolve(document, schema.path("items")), value.get(0), append(at, 0)));
            }
            return facts;
        }
        String last = at.get(at.size() - 1).toString();
        if (schema.has("enum")) {
            List<JsonNode> each = new ArrayList<>();
            schema.path("enum").forEach(each::add);
            facts.add(new Fact("enum", at, nodes.textNode("not-a-value"), each));
        }
        if (schema.has("minimum")) {
            long minimum = schema.path("minimum").asLong();
            facts.add(new Fact("minimum", at, nodes.numberNode(minimum - 1), List.of(nodes.numberNode(minimum))));
        }
        if (schema.has("maximum")) {
            long maximum = schema.path("maximum").asLong();
            facts.add(new Fact("maximum", at, nodes.numberNode(maximum + 1), List.of(nodes.numberNode(maximum))));
        }
        if (schema.has("pattern")) {
            facts.add(new Fact("pattern", at, nodes.textNode("!! not this"), List.of()));
        }
        if (schema.path("minLength").asInt() == 1) {
            facts.add(new Fact("minLength", at, nodes.textNode(""), List.of()));
        }
        if (schema.has("maxLength") && value.isTextual()) {
            int maximum = schema.path("maxLength").asInt();
            String padded = value.asText() + "x".repeat(Math.max(0, maximum - value.asText().length()));
            facts.add(new Fact("maxLength", at, nodes.textNode(padded + "x"),
                    SHAPED_STRINGS.contains(last) ? List.of() : List.of(nodes.textNode(padded))));
        }
        return facts;
    }

    /** A copy of {@code body} with the value at {@code at} replaced, or removed when {@code value} is null. */
    private static JsonNode with(JsonNode body, List<Object> at, JsonNode value) {
        JsonNode copy = body.deepCopy();
        JsonNode parent = copy;
        for (Object segment : at.subList(0, at.size() - 1)) {
            parent = segment instanceof Integer index ? parent.get(index) : parent.get(segment.toString());
        }
        Object last = at.get(at.size() - 1);
        if (last instanceof Integer index) {
            ((ArrayNode) parent).set(index, value);
        } else if (value == null) {
            ((ObjectNode) parent).remove(last.toString());
        } else {
            ((ObjectNode) parent).set(last.toString(), value);
        }
        return copy;
    }

    private static boolean refusedNaming(Api.Response answer, Fact fact, boolean bulk) {
        if (bulk && fact.at().size() > 1 && fact.at().get(1) instanceof Integer index && answer.status() == 200) {
            return "error".equals(answer.data().path("results").path(index).path("status").asText());
        }
        if (answer.status() != 400 || !REFUSAL_CODES.contains(answer.error().path("code").asText())) {
            return false;
        }
        return "INVALID_SCOPES".equals(answer.error().path("code").asText()) || names(answer, fact.field());
    }

    private static boolean refusedFor(Api.Response answer, String field) {
        return answer.status() == 400 && "VALIDATION_ERROR".equals(answer.error().path("code").asText())
                && names(answer, field);
    }

    /** The details name the field, or an item's field of it (an array's problem is told at its first item). */
    private static boolean names(Api.Response answer, String field) {
        Iterator<String> named = answer.error().path("details").fieldNames();
        while (named.hasNext()) {
            String name = named.next();
            if (name.equals(field) || name.startsWith(field + "[") || name.startsWith(field + ".")
                    || field.startsWith(name + "[")) {
                return true;
            }
        }
        return false;
    }

    private static JsonNode resolve(JsonNode document, JsonNode schema) {
        JsonNode resolved = schema;
        while (resolved.has("$ref")) {
            resolved = document.at(resolved.path("$ref").asText().substring(1));
        }
        return resolved;
    }

    private static List<Object> append(List<Object> at, Object segment) {
        List<Object> longer = new ArrayList<>(at);
        longer.add(segment);
        return longer;
    }

    private static JsonNode parse(String json) {
        try {
            return JSON.readTree(json);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
