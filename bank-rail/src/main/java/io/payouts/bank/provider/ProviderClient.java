package io.payouts.bank.provider;

import io.payouts.platform.signing.WebhookSignature;

import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * Sends one request of an attempt (ADR-0036): POSTs the attempt's stored body to the provider's endpoint with its
 * {@code Idempotency-Key}, signed at the moment of sending as the service signs its webhooks (the same
 * {@code X-Webhook-Signature} and {@code X-Signature} headers, keyed with
 * {@code payouts.rail.http.signing-secret}), and waits at most the timeout for the answer. Redirects are not
 * followed: the endpoint is configured, not discovered.
 */
class ProviderClient {

    static final String IDEMPOTENCY_KEY = "Idempotency-Key";

    private final HttpClient client;
    private final URI endpoint;
    private final String signingSecret;
    private final Duration timeout;
    private final Clock clock;

    ProviderClient(URI endpoint, String signingSecret, Duration timeout, Clock clock) {
        this.client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(timeout)
                .followRedirects(HttpClient.Redirect.NEVER).build();
        this.endpoint = endpoint;
        this.signingSecret = signingSecret;
        this.timeout = timeout;
        this.clock = clock;
    }

    /** Completes with what the request came to, never exceptionally. */
    CompletableFuture<ProviderAnswer> send(String idempotencyKey, String body) {
        try {
            String signature = WebhookSignature.header(clock.instant(), body, List.of(signingSecret));
            HttpRequest request = HttpRequest.newBuilder(endpoint)
                    .timeout(timeout)
                    .header("Content-Type", "application/json")
                    .header(IDEMPOTENCY_KEY, idempotencyKey)
                    .header(WebhookSignature.HEADER, signature)
                    .header(WebhookSignature.ALTERNATE_HEADER, signature)
                    .POST(HttpRequest.BodyPublishers.ofString(body))
                    .build();
            return client.sendAsync(request, HttpResponse.BodyHandlers.ofString())
                    .handle((response, failure) -> failure == null
                            ? ProviderAnswer.of(response.statusCode(), response.body())
                            : new ProviderAnswer.NoAnswer(spoken(failure)));
        } catch (RuntimeException unexpected) {
            return CompletableFuture.completedFuture(new ProviderAnswer.NoAnswer(unexpected.toString()));
        }
    }

    /** What went wrong, in words an operator reading the health details acts on. */
    private String spoken(Throwable failure) {
        Throwable cause = failure instanceof CompletionException && failure.getCause() != null
                ? failure.getCause() : failure;
        if (cause instanceof HttpConnectTimeoutException) {
            return "could not connect to " + endpoint + " within " + timeout.toMillis() + " ms";
        }
        if (cause instanceof HttpTimeoutException) {
            return "no answer from " + endpoint + " within " + timeout.toMillis() + " ms";
        }
        if (cause instanceof ConnectException) {
            return "connection to " + endpoint + " refused";
        }
        if (cause instanceof IOException) {
            return "connection to " + endpoint + " failed: " + cause;
        }
        return cause.toString();
    }
}
