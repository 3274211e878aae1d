package io.payouts.bank.provider;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.function.ToDoubleFunction;

/**
 * The provider rail's gauges (README "Operations"): {@code payouts_rail_provider_reachable} (1 or 0),
 * {@code payouts_rail_provider_waiting} (attempts the provider has not taken or refused yet) and
 * {@code payouts_rail_provider_oldest_waiting_seconds}. Read from the database, so every instance reports the same, at
 * most once a second however often it is scraped.
 */
class ProviderMetrics implements MeterBinder {

    private static final Duration FRESH_FOR = Duration.ofSeconds(1);

    private final ProviderLink link;
    private final ProviderOutbox outbox;
    private final Clock clock;
    private Reading last;

    ProviderMetrics(ProviderLink link, ProviderOutbox outbox, Clock clock) {
        this.link = link;
        this.outbox = outbox;
        this.clock = clock;
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        gauge(registry, "payouts.rail.provider.reachable", "1 while the payment provider answers, 0 while it does not",
                reading -> reading.reachable() ? 1 : 0);
        gauge(registry, "payouts.rail.provider.waiting", "payout attempts the provider has not taken or refused yet",
                reading -> reading.waiting().count());
        gauge(registry, "payouts.rail.provider.oldest.waiting.seconds",
                "how long the oldest payout attempt has waited for the provider",
                reading -> reading.waiting().oldest()
                        .map(oldest -> Duration.between(oldest, reading.at()).toSeconds()).orElse(0L));
    }

    private void gauge(MeterRegistry registry, String name, String description, ToDoubleFunction<Reading> value) {
        Gauge.builder(name, this, metrics -> value.applyAsDouble(metrics.read())).description(description)
                .register(registry);
    }

    private synchronized Reading read() {
        Instant now = clock.instant();
        if (last == null || Duration.between(last.at(), now).compareTo(FRESH_FOR) >= 0) {
            try {
                last = new Reading(now, link.status().reachable(), outbox.waiting());
            } catch (RuntimeException unreadable) {
                return last == null ? new Reading(now, false, new ProviderOutbox.Waiting(0, Optional.empty()))
                        : last;
            }
        }
        return last;
    }

    private record Reading(Instant at, boolean reachable, ProviderOutbox.Waiting waiting) {
    }
}
