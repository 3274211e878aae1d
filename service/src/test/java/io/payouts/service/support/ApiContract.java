package io.payouts.service.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import com.networknt.schema.oas.OpenApi31;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The served OpenAPI document as a contract every HTTP test checks (ADR-0021): each response {@link Api} gets from
 * a documented operation must have a documented status, and its body must validate against that response's
 * schema. Routes and methods the document does not have are left to the tests that probe them (404, 405).
 */
public final class ApiContract {

    public static final String DOCUMENT_PATH = "/api/v1/openapi.json";

    private static final String DOCUMENT_URI = "https://contract.payouts.test/openapi.json";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient CLIENT = HttpClient.newHttpClient();
    private static final Map<String, ApiContract> BY_SERVER = new ConcurrentHashMap<>();
    private static final Map<String, ApiContract> BY_DOCUMENT = new ConcurrentHashMap<>();

    private final JsonNode document;
    private final JsonSchemaFactory schemas;
    private final List<Route> routes;
    private final Map<String, JsonSchema> compiled = new ConcurrentHashMap<>();

    private ApiContract(String text) {
        try {
            this.document = JSON.readTree(text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        this.schemas = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012, builder -> builder
                .metaSchema(OpenApi31.getInstance())
                .defaultMetaSchemaIri(OpenApi31.getInstance().getIri())
                .schemaLoaders(loaders -> loaders.schemas(Map.of(DOCUMENT_URI, text))));
        List<Route> found = new ArrayList<>();
        document.path("paths").fieldNames().forEachRemaining(template -> found.add(Route.of(template)));
        // literal segments before parameters: /payouts/instant is not /payouts/{id}
        found.sort(Comparator.comparingInt(Route::parameters).thenComparing(Route::template));
        this.routes = List.copyOf(found);
        compileEveryResponseSchema();
    }

    /**
     * Compiles all response schemas at once, so that checking a response never holds up a test that races a
     * timer in the service (the sandbox's 300 ms KYC verification, say).
     */
    private void compileEveryResponseSchema() {
        document.path("paths").fields().forEachRemaining(path -> path.getValue().fields().forEachRemaining(
                operation -> operation.getValue().path("responses").fields().forEachRemaining(response -> {
                    String pointer = response.getValue().has("$ref")
                            ? response.getValue().get("$ref").asText().substring(1)
                            : "/paths/" + escape(path.getKey()) + "/" + operation.getKey() + "/responses/"
                            + response.getKey();
                    schemaAt(pointer + "/content/application~1json/schema");
                })));
    }

    private JsonSchema schemaAt(String pointer) {
        if (document.at(pointer).isMissingNode()) {
            return null;
        }
        return compiled.computeIfAbsent(pointer, ignored -> {
            JsonSchema schema = schemas.getSchema(SchemaLocation.of(DOCUMENT_URI + "#" + pointer));
            schema.initializeValidators();
            return schema;
        });
    }

    /** The contract of a document given as its text, such as client/openapi.json. */
    public static ApiContract ofDocument(String text) {
        return BY_DOCUMENT.computeIfAbsent(text, ApiContract::new);
    }

    /** The document the server at {@code baseUrl} serves, fetched once; servers of one build share its schemas. */
    public static ApiContract of(String baseUrl) {
        return BY_SERVER.computeIfAbsent(baseUrl, server -> BY_DOCUMENT.computeIfAbsent(fetch(server),
                ApiContract::new));
    }

    private static String fetch(String baseUrl) {
        try {
            HttpResponse<String> response = CLIENT.send(HttpRequest.newBuilder(URI.create(baseUrl + DOCUMENT_PATH))
                    .build(), HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                throw new AssertionError("the OpenAPI document answered " + response.statusCode());
            }
            return response.body();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    public JsonNode document() {
        return document;
    }

    /** The documented operation a request reaches, as {@code {template, method}}, if the document has one. */
    public Optional<String> template(String method, String path) {
        String bare = path.contains("?") ? path.substring(0, path.indexOf('?')) : path;
        return routes.stream().filter(route -> route.matches(bare)).map(Route::template)
                .filter(template -> document.path("paths").path(template).has(method.toLowerCase(Locale.ROOT)))
                .findFirst();
    }

    /** Fails with what is wrong when a documented operation's response disagrees with the document. */
    public void check(String method, String path, int status, JsonNode body) {
        check(method, path, status, "application/json", body);
    }

    /**
     * As {@link #check(String, String, int, JsonNode)}, for a response of {@code mediaType}: one other than JSON (a
     * CSV, an NDJSON export) must be a media type the document lists for the status; its body is not checked.
     */
    public void check(String method, String path, int status, String mediaType, JsonNode body) {
        Optional<String> template = template(method, path);
        if (template.isEmpty()) {
            return;
        }
        String operation = "/paths/" + escape(template.get()) + "/" + method.toLowerCase(Locale.ROOT);
        JsonNode responses = document.at(operation + "/responses");
        String pointer = operation + "/responses/" + status;
        JsonNode response = responses.path(String.valueOf(status));
        if (response.isMissingNode()) {
            throw new AssertionError(method + " " + template.get() + " answered " + status
                    + ", which the OpenAPI document does not list (" + fieldNames(responses) + "): " + body);
        }
        if (response.has("$ref")) {
            pointer = response.get("$ref").asText().substring(1);
        }
        if (mediaType != null && !mediaType.startsWith("application/json")) {
            String type = mediaType.split(";")[0].trim();
            if (document.at(pointer + "/content/" + escape(type)).isMissingNode()) {
                throw new AssertionError(method + " " + template.get() + " answered " + status + " as " + type
                        + ", which the OpenAPI document does not list");
            }
            return;
        }
        JsonSchema schema = schemaAt(pointer + "/content/application~1json/schema");
        if (schema == null || body == null || body.isNull()) {
            return;
        }
        Set<ValidationMessage> problems = schema.validate(body);
        if (!problems.isEmpty()) {
            throw new AssertionError(method + " " + path + " answered " + status + " with a body the OpenAPI document"
                    + " does not allow: " + problems.stream().map(ValidationMessage::getMessage)
                    .collect(Collectors.joining("; ")) + "\n" + body);
        }
    }

    /**
     * What the documented request body schema of the operation a request reaches says is wrong with {@code body}:
     * empty when it allows it, or when the operation is undocumented or takes no body.
     */
    public List<String> requestProblems(String method, String path, JsonNode body) {
        Optional<String> template = template(method, path);
        if (template.isEmpty() || body == null) {
            return List.of();
        }
        JsonSchema schema = schemaAt("/paths/" + escape(template.get()) + "/" + method.toLowerCase(Locale.ROOT)
                + "/requestBody/content/application~1json/schema");
        return schema == null ? List.of() : schema.validate(body).stream().map(ValidationMessage::getMessage).toList();
    }

    private static String escape(String template) {
        return template.replace("~", "~0").replace("/", "~1");
    }

    private static String fieldNames(JsonNode node) {
        List<String> names = new ArrayList<>();
        Iterator<String> fields = node.fieldNames();
        fields.forEachRemaining(names::add);
        return String.join(", ", names);
    }

    private record Route(String template, Pattern pattern, int parameters) {

        static Route of(String template) {
            String regex = template.replaceAll("\\{[^/]+}", "[^/]+");
            return new Route(template, Pattern.compile(regex), (int) template.chars().filter(c -> c == '{').count());
        }

        boolean matches(String path) {
            return pattern.matcher(path).matches();
        }
    }
}
