package io.payouts.webhook.delivery;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.MultiGauge;
import io.micrometer.core.instrument.Tags;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;

/**
 * The backlog per subscription as gauges (ADR-0030): deliveries pending and the age of the oldest one, tagged with
 * the subscription and its mode; a subscription whose backlog emptied drops out. Sampled on a timer, since each
 * sample is a query.
 */
public class BacklogGauges {

    private final DeliveryBacklog backlog;
    private final Clock clock;
    private final MultiGauge pending;
    private final MultiGauge oldestAge;

    public BacklogGauges(DeliveryBacklog backlog, Clock clock, MeterRegistry meters) {
        this.backlog = backlog;
        this.clock = clock;
        this.pending = MultiGauge.builder("payouts.webhooks.backlog.pending")
                .description("deliveries waiting to be delivered, per subscription").register(meters);
        this.oldestAge = MultiGauge.builder("payouts.webhooks.backlog.oldest.age").baseUnit("seconds")
                .description("how long the oldest waiting delivery of a subscription has waited").register(meters);
    }

    public void sample() {
        Instant now = clock.instant();
        List<DeliveryBacklog.Waiting> waiting = backlog.waiting();
        pending.register(waiting.stream().map(row -> MultiGauge.Row.of(tags(row), row.pending())).toList(), true);
        oldestAge.register(waiting.stream().map(row -> MultiGauge.Row.of(tags(row),
                Duration.between(row.oldestSince(), now).toMillis() / 1000.0)).toList(), true);
    }

    private static Tags tags(DeliveryBacklog.Waiting row) {
        return Tags.of("subscription", row.subscription().value(), "mode", row.mode().name().toLowerCase(Locale.ROOT));
    }
}
