package io.payouts.client;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Sends one request and reads the envelope: {@code data} on success, the error envelope as a
 * {@link PayoutsApiException}. Unknown fields are ignored, so the service may add fields without breaking
 * clients. Not part of the API: the resource classes use it.
 */
public final class Transport {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private final URI baseUrl;
    private final String apiKey;
    private final HttpClient http;
    private final ObjectMapper json = new ObjectMapper()
            .registerModule(new JavaTimeModule())
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS);

    Transport(URI baseUrl, String apiKey, HttpClient http) {
        String base = baseUrl.toString();
        this.baseUrl = URI.create(base.endsWith("/") ? base.substring(0, base.length() - 1) : base);
        this.apiKey = apiKey;
        this.http = http;
    }

    public <T> T get(String path, Class<T> data) {
        return send("GET", path, null, RequestOptions.none(), json.constructType(data));
    }

    public <T> T post(String path, Object body, RequestOptions options, Class<T> data) {
        return send("POST", path, body, options, json.constructType(data));
    }

    public <T> T put(String path, Object body, Class<T> data) {
        return send("PUT", path, body, RequestOptions.none(), json.constructType(data));
    }

    public <T> T delete(String path, Class<T> data) {
        return send("DELETE", path, null, RequestOptions.none(), json.constructType(data));
    }

    /** One page of the list at {@code path}, which may carry filters of its own. */
    public <T> Page<T> page(String path, int page, int pageSize, Class<T> item) {
        return send("GET", path + (path.contains("?") ? "&" : "?") + "page=" + page + "&pageSize=" + pageSize, null,
                RequestOptions.none(),
                json.getTypeFactory().constructParametricType(Page.class, item));
    }

    private <T> T send(String method, String path, Object body, RequestOptions options, JavaType data) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(baseUrl + path))
                .timeout(TIMEOUT)
                .header("Authorization", "Bearer " + apiKey)
                .header("Accept", "application/json")
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(write(body)));
        if (body != null) {
            request.header("Content-Type", "application/json");
        }
        options.headers().forEach(request::header);
        HttpResponse<String> response;
        try {
            response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(method + " " + path + " failed", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(method + " " + path + " was interrupted", e);
        }
        JsonNode envelope = read(response);
        if (response.statusCode() >= 400 || !envelope.path("success").asBoolean(false)) {
            throw PayoutsApiException.from(response.statusCode(), envelope);
        }
        return json.convertValue(envelope.path("data"), data);
    }

    private JsonNode read(HttpResponse<String> response) {
        try {
            return json.readTree(response.body());
        } catch (JsonProcessingException e) {
            Map<String, Object> error = new LinkedHashMap<>();
            error.put("code", "INVALID_RESPONSE");
            error.put("message", "the service answered " + response.statusCode() + " without JSON");
            return json.valueToTree(Map.of("success", false, "error", error));
        }
    }

    private String write(Object body) {
        try {
            return json.writeValueAsString(body);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("cannot write the request body", e);
        }
    }
}
