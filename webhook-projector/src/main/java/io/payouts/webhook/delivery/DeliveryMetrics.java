package io.payouts.webhook.delivery;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.payouts.shared.Mode;

import java.time.Duration;
import java.time.Instant;
import java.util.Locale;

/**
 * What operators watch of the deliveries (ADR-0022): attempts by outcome, how long receivers take to answer, how
 * long a delivery takes from its creation (or resend) to the receiver's 2xx, and deliveries given up on; each by the
 * mode of the subscription, so that alerts can leave sandbox receivers out.
 */
public final class DeliveryMetrics {

    private final MeterRegistry meters;

    /** The counters start at zero in both modes: an alert on their increase sees the first one. */
    public DeliveryMetrics(MeterRegistry meters) {
        this.meters = meters;
        for (Mode mode : Mode.values()) {
            String name = mode.name().toLowerCase(Locale.ROOT);
            attempts("success", name);
            attempts("failure", name);
            gaveUp(name);
        }
    }

    void attempted(ClaimedDelivery delivery, Attempt attempt, Instant now) {
        String mode = mode(delivery);
        Timer.builder("payouts.webhooks.attempt.duration").tag("mode", mode)
                .description("how long a receiver took to answer one attempt").register(meters)
                .record(Duration.ofMillis(attempt.durationMillis()));
        attempts(attempt.succeeded() ? "success" : "failure", mode).increment();
        if (attempt.succeeded()) {
            Timer.builder("payouts.webhooks.delivery.latency").tag("mode", mode)
                    .description("from a delivery's creation or resend to the receiver's 2xx").register(meters)
                    .record(Duration.between(delivery.retryFrom(), now));
        }
    }

    void gaveUp(ClaimedDelivery delivery) {
        gaveUp(mode(delivery)).increment();
    }

    private Counter attempts(String outcome, String mode) {
        return Counter.builder("payouts.webhooks.attempts").tags("outcome", outcome, "mode", mode)
                .description("webhook delivery attempts").register(meters);
    }

    private Counter gaveUp(String mode) {
        return Counter.builder("payouts.webhooks.deliveries.failed").tag("mode", mode)
                .description("deliveries failed for good at the end of the retry window").register(meters);
    }

    private static String mode(ClaimedDelivery delivery) {
        return delivery.mode().name().toLowerCase(Locale.ROOT);
    }
}
