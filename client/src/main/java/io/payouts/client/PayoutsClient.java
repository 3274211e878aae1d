package io.payouts.client;

import io.payouts.client.approvals.Approvals;
import io.payouts.client.drivers.Drivers;
import io.payouts.client.funding.Funding;
import io.payouts.client.payouts.Payouts;
import io.payouts.client.webhooks.WebhookSubscriptions;

import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.Objects;

/**
 * A typed client of the driver payout API (ADR-0021), for one API key:
 * <pre>{@code
 * PayoutsClient payouts = PayoutsClient.create(URI.create("http://localhost:8080"), System.getenv("PAYOUTS_KEY"));
 * Driver driver = payouts.drivers().register(new NewDriver("ext-1", "Ana Diaz", "ana@example.com", "+14155550123"));
 * }</pre>
 * Every call answers the envelope's {@code data} as a record, or throws {@link PayoutsApiException} with the
 * error's code, message, details and request id. Thread-safe; make one per key and reuse it.
 */
public final class PayoutsClient {

    private final Transport transport;

    private PayoutsClient(Transport transport) {
        this.transport = transport;
    }

    /** A client for the service at {@code baseUrl} (without /api/v1) acting with {@code apiKey}. */
    public static PayoutsClient create(URI baseUrl, String apiKey) {
        return create(baseUrl, apiKey, HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build());
    }

    /** As {@link #create(URI, String)}, with an HTTP client of your own (proxy, timeouts, executor). */
    public static PayoutsClient create(URI baseUrl, String apiKey, HttpClient http) {
        Objects.requireNonNull(baseUrl, "baseUrl");
        Objects.requireNonNull(apiKey, "apiKey");
        return new PayoutsClient(new Transport(baseUrl, apiKey, http));
    }

    public Approvals approvals() {
        return new Approvals(transport);
    }

    public Drivers drivers() {
        return new Drivers(transport);
    }

    public Funding funding() {
        return new Funding(transport);
    }

    public Payouts payouts() {
        return new Payouts(transport);
    }

    public WebhookSubscriptions webhooks() {
        return new WebhookSubscriptions(transport);
    }
}
