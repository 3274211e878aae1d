package io.payouts.webhook.delivery;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

import java.time.Duration;
import java.time.Instant;

/**
 * What operators watch of the deliveries (ADR-0022): attempts by outcome, how long receivers take to answer, how
 * long a delivery takes from its creation (or resend) to the receiver's 2xx, and deliveries given up on.
 */
public final class DeliveryMetrics {

    private final Counter succeeded;
    private final Counter failed;
    private final Counter gaveUp;
    private final Timer attemptDuration;
    private final Timer deliveryLatency;

    public DeliveryMetrics(MeterRegistry meters) {
        this.succeeded = Counter.builder("payouts.webhooks.attempts").tag("outcome", "success")
                .description("webhook delivery attempts").register(meters);
        this.failed = Counter.builder("payouts.webhooks.attempts").tag("outcome", "failure")
                .description("webhook delivery attempts").register(meters);
        this.gaveUp = Counter.builder("payouts.webhooks.deliveries.failed")
                .description("deliveries failed for good at the end of the retry window").register(meters);
        this.attemptDuration = Timer.builder("payouts.webhooks.attempt.duration")
                .description("how long a receiver took to answer one attempt").register(meters);
        this.deliveryLatency = Timer.builder("payouts.webhooks.delivery.latency")
                .description("from a delivery's creation or resend to the receiver's 2xx").register(meters);
    }

    void attempted(ClaimedDelivery delivery, Attempt attempt, Instant now) {
        attemptDuration.record(Duration.ofMillis(attempt.durationMillis()));
        if (attempt.succeeded()) {
            succeeded.increment();
            deliveryLatency.record(Duration.between(delivery.retryFrom(), now));
        } else {
            failed.increment();
        }
    }

    void gaveUp() {
        gaveUp.increment();
    }
}
