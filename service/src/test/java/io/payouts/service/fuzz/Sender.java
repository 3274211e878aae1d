package io.payouts.service.fuzz;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** Sends a {@link RawRequest} byte for byte: the JDK's client leaves the body as it is, valid JSON or not. */
final class Sender {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final String baseUrl;
    private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10)).build();

    Sender(String baseUrl) {
        this.baseUrl = baseUrl;
    }

    String baseUrl() {
        return baseUrl;
    }

    Answer send(RawRequest request) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(baseUrl + request.path()))
                .timeout(Duration.ofSeconds(60))
                .method(request.method(), request.body() == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofByteArray(request.body()));
        request.headers().forEach(header -> builder.header(header.getKey(), header.getValue()));
        try {
            HttpResponse<String> response = client.send(builder.build(), HttpResponse.BodyHandlers.ofString());
            return new Answer(response.statusCode(), response.headers(), response.body(), parse(response.body()));
        } catch (IOException e) {
            throw new UncheckedIOException(request.method() + " " + request.path() + " got no answer", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static JsonNode parse(String body) {
        if (body == null || body.isBlank()) {
            return null;
        }
        try {
            return JSON.readTree(body);
        } catch (JsonProcessingException e) {
            return null;
        }
    }
}
