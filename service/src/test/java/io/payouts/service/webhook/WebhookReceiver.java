package io.payouts.service.webhook;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** A real webhook receiver on loopback: records every request and answers with the status the test sets. */
public final class WebhookReceiver implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpServer server;
    private final ExecutorService executor = Executors.newCachedThreadPool();
    private final List<Received> received = new CopyOnWriteArrayList<>();
    private final Queue<Integer> nextStatuses = new ConcurrentLinkedQueue<>();
    private final List<HttpExchange> unanswered = new CopyOnWriteArrayList<>();
    private volatile int status = 200;
    private volatile boolean hanging;

    private WebhookReceiver(HttpServer server) {
        this.server = server;
    }

    public static WebhookReceiver start() {
        try {
            HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
            WebhookReceiver receiver = new WebhookReceiver(server);
            server.createContext("/hooks", exchange -> {
                try (InputStream body = exchange.getRequestBody()) {
                    String text = new String(body.readAllBytes(), StandardCharsets.UTF_8);
                    Integer queued = receiver.nextStatuses.poll();
                    int answer = queued != null ? queued : receiver.status;
                    receiver.received.add(new Received(exchange.getRequestHeaders(), text, answer));
                    if (receiver.hanging) {
                        receiver.unanswered.add(exchange);
                        return;
                    }
                    exchange.sendResponseHeaders(answer, -1);
                }
                exchange.close();
            });
            server.setExecutor(receiver.executor);
            server.start();
            return receiver;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/hooks";
    }

    /** Answers every later request with {@code status}. */
    WebhookReceiver answering(int status) {
        this.status = status;
        return this;
    }

    /** Never answers: every request waits until the sender gives up (a hung receiver). */
    WebhookReceiver hanging() {
        this.hanging = true;
        return this;
    }

    /** Answers the next requests with these statuses, then as set by {@link #answering}. */
    WebhookReceiver thenAnswering(int... statuses) {
        for (int next : statuses) {
            nextStatuses.add(next);
        }
        return this;
    }

    public List<Received> received() {
        return List.copyOf(received);
    }

    /** The requests whose payload concerns the payout. */
    public List<Received> about(String payoutId) {
        return where("payoutId", payoutId);
    }

    /** The payloads received of one event type ({@code payout.approved}, say), in the order they came. */
    public List<JsonNode> ofType(String type) {
        return received.stream().map(Received::json).filter(payload -> type.equals(payload.path("type").asText()))
                .toList();
    }

    /** Waits for the one payload of {@code type} and fails if more than one came by then. */
    public JsonNode awaitOne(String type) {
        await(type).atMost(Duration.ofSeconds(20)).until(() -> !ofType(type).isEmpty());
        List<JsonNode> payloads = ofType(type);
        assertThat(payloads).as("%s deliveries", type).hasSize(1);
        return payloads.get(0);
    }

    /** The requests whose payload data has {@code field} equal to {@code value}. */
    List<Received> where(String field, String value) {
        return received.stream().filter(request -> value.equals(request.json().path("data").path(field).asText()))
                .toList();
    }

    @Override
    public void close() {
        unanswered.forEach(HttpExchange::close);
        server.stop(0);
        executor.shutdownNow();
    }

    public record Received(Headers headers, String body, int answeredWith) {

        public String header(String name) {
            return headers.getFirst(name);
        }

        JsonNode json() {
            try {
                return JSON.readTree(body);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
