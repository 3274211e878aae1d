package io.payouts.service.support;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.springframework.context.ConfigurableApplicationContext;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * A plain HTTP client for the tests: raw JSON in, status, headers and parsed JSON out. Every response is checked
 * against the served OpenAPI document ({@link ApiContract}), so the whole suite keeps the document honest.
 */
public final class Api {

    private static final HttpClient CLIENT = HttpClient.newHttpClient();
    private static final ObjectMapper JSON = new ObjectMapper();

    private final String baseUrl;
    private final Map<String, String> headers = new LinkedHashMap<>();

    Api(String baseUrl) {
        this.baseUrl = baseUrl;
    }

    public static final List<String> ALL_SCOPES = List.of("drivers:read", "drivers:write", "payouts:read",
            "payouts:write", "batches:read", "batches:write", "balance:read", "webhooks:manage");

    /** An unauthenticated client for an application a test started itself. */
    public static Api of(ConfigurableApplicationContext application) {
        return new Api("http://localhost:" + application.getEnvironment().getProperty("local.server.port"));
    }

    /** An unauthenticated client for a service another process runs, at {@code baseUrl}. */
    public static Api at(String baseUrl) {
        return new Api(baseUrl);
    }

    /** A client for an application a test started itself, with a sandbox key holding every scope. */
    public static Api withSandboxKeyFor(ConfigurableApplicationContext application) {
        return of(application)
                .signedIn(application.getEnvironment().getProperty("payouts.owner.email"),
                        application.getEnvironment().getProperty("payouts.owner.password"))
                .withNewKey("sandbox", ALL_SCOPES);
    }

    public String baseUrl() {
        return baseUrl;
    }

    /** The same server without credentials. */
    public Api anonymous() {
        return new Api(baseUrl);
    }

    /** The credential this client sends as {@code Authorization: Bearer}, or null. */
    public String bearer() {
        String authorization = headers.get("Authorization");
        return authorization == null ? null : authorization.substring("Bearer ".length());
    }

    /** The same server with {@code Authorization: Bearer credential}. */
    public Api withBearer(String credential) {
        return new Api(baseUrl).header("Authorization", "Bearer " + credential);
    }

    /** Signs in and returns a client carrying the session token. */
    public Api signedIn(String email, String password) {
        Response session = anonymous().post("/api/v1/auth/sessions",
                "{\"email\":\"" + email + "\",\"password\":\"" + password + "\"}");
        if (session.status() != 200) {
            throw new AssertionError("sign-in failed: " + session);
        }
        return withBearer(session.data().path("token").asText());
    }

    /** Creates a key with this (session) client; returns a client using it. */
    public Api withNewKey(String mode, List<String> scopes) {
        return withBearer(createKey(mode, scopes).body().path("key").asText());
    }

    /** Creates a key with this (session) client and returns the raw response; production keys come pending. */
    public Response createKey(String mode, List<String> scopes) {
        String scopeList = String.join(",", scopes.stream().map(scope -> "\"" + scope + "\"").toList());
        String reason = mode.equals("production") ? ",\"approval_reason\":\"paying our drivers\"" : "";
        Response created = post("/api/v1/developer/keys",
                "{\"name\":\"test key\",\"mode\":\"" + mode + "\",\"scopes\":[" + scopeList + "]" + reason + "}");
        if (created.status() != 200) {
            throw new AssertionError("key creation failed: " + created);
        }
        return created;
    }

    public Api header(String name, String value) {
        headers.put(name, value);
        return this;
    }

    public Response get(String path) {
        return send("GET", path, null, "application/json");
    }

    public Response post(String path, String json) {
        return send("POST", path, json, "application/json");
    }

    public Response put(String path, String json) {
        return send("PUT", path, json, "application/json");
    }

    public Response delete(String path) {
        return send("DELETE", path, null, "application/json");
    }

    public Response send(String method, String path, String body, String contentType) {
        return exchange(method, path, body == null ? HttpRequest.BodyPublishers.noBody()
                : HttpRequest.BodyPublishers.ofString(body), body == null ? null : contentType);
    }

    /** Sends a body of unknown length, as chunked transfer encoding. */
    public Response postChunked(String path, byte[] body) {
        return exchange("POST", path, HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(body)),
                "application/json");
    }

    private Response exchange(String method, String path, HttpRequest.BodyPublisher body, String contentType) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(baseUrl + path)).method(method, body);
        if (contentType != null) {
            request.header("Content-Type", contentType);
        }
        headers.forEach(request::header);
        try {
            HttpResponse<String> response = CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofString());
            Response received = new Response(response.statusCode(), response.headers(), parse(response.body()));
            ApiContract.of(baseUrl).check(method, path, received.status(),
                    response.headers().firstValue("Content-Type").orElse(null), received.body());
            return received;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Registers a driver with a fresh external id and returns the created driver's data. */
    public JsonNode registerDriver() {
        Response response = post("/api/v1/drivers", driverJson(uniqueSvcDriverId()));
        if (response.status() != 200) {
            throw new AssertionError("registration failed: " + response);
        }
        return response.data();
    }

    public static String uniqueSvcDriverId() {
        return "ext-" + UUID.randomUUID();
    }

    public static String driverJson(String svcDriverId) {
        return """
                {"svcDriverId":"%s","name":"Ana Diaz","email":"ana.diaz@example.com","phone":"+14155550123"}"""
                .formatted(svcDriverId);
    }

    private static JsonNode parse(String body) {
        if (body == null || body.isEmpty()) {
            return JSON.nullNode();
        }
        try {
            return JSON.readTree(body);
        } catch (JsonProcessingException e) {
            return JSON.getNodeFactory().textNode(body);
        }
    }

    /** Status, headers and the parsed body of one response. */
    public record Response(int status, HttpHeaders headers, JsonNode body) {

        public JsonNode data() {
            return body.path("data");
        }

        public JsonNode error() {
            return body.path("error");
        }

        public String header(String name) {
            return headers.firstValue(name).orElse(null);
        }
    }
}
