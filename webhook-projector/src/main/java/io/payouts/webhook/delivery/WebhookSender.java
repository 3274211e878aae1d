package io.payouts.webhook.delivery;

import io.payouts.platform.signing.WebhookSignature;
import io.payouts.webhook.subscription.WebhookTargets;

import java.io.IOException;
import java.net.ConnectException;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;

/**
 * Makes one attempt without holding a thread while the receiver thinks: POSTs the stored payload, signed at the
 * attempt's time, and waits at most 5 seconds (the spec's receiver response time) for the answer. One HTTP/1.1
 * client for every receiver keeps their connections alive between attempts. Redirects are not followed.
 */
class WebhookSender {

    static final String EVENT_ID_HEADER = "X-Webhook-Event-Id";
    static final String EVENT_TYPE_HEADER = "X-Webhook-Event-Type";
    static final Duration TIMEOUT = Duration.ofSeconds(5);
    private static final int MAX_ERROR_LENGTH = 500;

    private final HttpClient client;
    private final WebhookTargets targets;
    private final Clock clock;
    private final Executor executor;

    /** {@code executor} runs the address check (a DNS lookup) and the client's own work. */
    WebhookSender(WebhookTargets targets, Clock clock, Executor executor) {
        this.client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(TIMEOUT)
                .followRedirects(HttpClient.Redirect.NEVER).executor(executor).build();
        this.targets = targets;
        this.clock = clock;
        this.executor = executor;
    }

    /** Completes with the attempt's outcome, never exceptionally. */
    CompletableFuture<Attempt> send(ClaimedDelivery delivery) {
        return CompletableFuture.supplyAsync(() -> targets.refusal(delivery.url()), executor)
                .thenCompose(refusal -> refusal
                        .map(problem -> CompletableFuture.completedFuture(
                                new Attempt(clock.instant(), null, 0, "target refused: url " + problem)))
                        .orElseGet(() -> post(delivery)))
                .exceptionally(unexpected -> new Attempt(clock.instant(), null, 0, spoken(unexpected)));
    }

    private CompletableFuture<Attempt> post(ClaimedDelivery delivery) {
        Instant at = clock.instant();
        long started = System.nanoTime();
        String signature = WebhookSignature.header(at, delivery.payload(), delivery.secrets());
        HttpRequest request = HttpRequest.newBuilder(delivery.url())
                .timeout(TIMEOUT)
                .header("Content-Type", "application/json")
                .header(WebhookSignature.HEADER, signature)
                .header(WebhookSignature.ALTERNATE_HEADER, signature)
                .header(EVENT_ID_HEADER, delivery.eventId())
                .header(EVENT_TYPE_HEADER, delivery.eventType())
                .POST(HttpRequest.BodyPublishers.ofString(delivery.payload()))
                .build();
        return client.sendAsync(request, HttpResponse.BodyHandlers.discarding()).handle((response, failure) -> {
            long elapsed = Duration.ofNanos(System.nanoTime() - started).toMillis();
            if (failure == null) {
                int status = response.statusCode();
                return new Attempt(at, status, elapsed,
                        status >= 200 && status < 300 ? null : "receiver answered " + status);
            }
            return new Attempt(at, null, elapsed, spoken(failure));
        });
    }

    /**
     * What went wrong, in words a developer reading the logs or the console acts on, never a Java class name: the
     * API's webhook logs show this text as it is.
     */
    static String spoken(Throwable failure) {
        Throwable cause = failure;
        while (cause instanceof CompletionException && cause.getCause() != null) {
            cause = cause.getCause();
        }
        if (cause instanceof HttpConnectTimeoutException) {
            return "timed out: could not connect within " + TIMEOUT.toSeconds() + " s";
        }
        if (cause instanceof HttpTimeoutException) {
            return "timed out: no answer within " + TIMEOUT.toSeconds() + " s";
        }
        if (cause instanceof ConnectException) {
            return "connection refused: nothing accepted the connection at the receiver's address";
        }
        if (cause instanceof IOException) {
            return cause.getMessage() == null ? "the connection broke before the receiver answered"
                    : shortened("the connection broke: " + cause.getMessage());
        }
        return shortened("the attempt failed: "
                + (cause.getMessage() == null ? "no reason was given" : cause.getMessage()));
    }

    private static String shortened(String error) {
        return error.length() <= MAX_ERROR_LENGTH ? error : error.substring(0, MAX_ERROR_LENGTH);
    }
}
