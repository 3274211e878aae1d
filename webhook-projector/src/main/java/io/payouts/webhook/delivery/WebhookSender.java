package io.payouts.webhook.delivery;

import io.payouts.webhook.signing.WebhookSignature;
import io.payouts.webhook.subscription.WebhookTargets;

import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * Makes one attempt: POSTs the stored payload, signed at the attempt's time, and waits at most 5 seconds (the
 * spec's receiver response time) for the answer. Redirects are not followed.
 */
public class WebhookSender {

    public static final String EVENT_ID_HEADER = "X-Webhook-Event-Id";
    public static final String EVENT_TYPE_HEADER = "X-Webhook-Event-Type";
    static final Duration TIMEOUT = Duration.ofSeconds(5);
    private static final int MAX_ERROR_LENGTH = 500;

    private final HttpClient client;
    private final WebhookTargets targets;
    private final Clock clock;

    public WebhookSender(WebhookTargets targets, Clock clock) {
        this.client = HttpClient.newBuilder().connectTimeout(TIMEOUT).followRedirects(HttpClient.Redirect.NEVER)
                .build();
        this.targets = targets;
        this.clock = clock;
    }

    Deliveries.Attempt send(Deliveries.Claimed delivery) {
        Instant at = clock.instant();
        long started = System.nanoTime();
        Optional<String> refusal = targets.refusal(delivery.url());
        if (refusal.isPresent()) {
            return new Deliveries.Attempt(at, null, 0, "target refused: url " + refusal.get());
        }
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
        try {
            HttpResponse<Void> response = client.send(request, HttpResponse.BodyHandlers.discarding());
            int status = response.statusCode();
            return new Deliveries.Attempt(at, status, elapsed(started),
                    status >= 200 && status < 300 ? null : "receiver answered " + status);
        } catch (HttpTimeoutException e) {
            return new Deliveries.Attempt(at, null, elapsed(started), "no answer within " + TIMEOUT.toSeconds() + " s");
        } catch (IOException e) {
            return new Deliveries.Attempt(at, null, elapsed(started), shortened(e.toString()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Deliveries.Attempt(at, null, elapsed(started), "interrupted: the service was stopping");
        }
    }

    private static long elapsed(long started) {
        return Duration.ofNanos(System.nanoTime() - started).toMillis();
    }

    private static String shortened(String error) {
        return error.length() <= MAX_ERROR_LENGTH ? error : error.substring(0, MAX_ERROR_LENGTH);
    }
}
