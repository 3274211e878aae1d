package io.payouts.bank.reach;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.function.Supplier;
import java.util.function.ToDoubleFunction;

/**
 * A counterparty's three gauges (README "Operations"): reachable (1 or 0), what waits for it, and how long the oldest
 * of that has. Read from the database, so every instance reports the same, at most once a second however often it
 * is scraped.
 */
public class CounterpartyMetrics implements MeterBinder {

    private static final Duration FRESH_FOR = Duration.ofSeconds(1);

    private final CounterpartyLink link;
    private final Supplier<Waiting> waiting;
    private final Gauges gauges;
    private final Clock clock;
    private Reading last;

    public CounterpartyMetrics(CounterpartyLink link, Supplier<Waiting> waiting, Gauges gauges, Clock clock) {
        this.link = link;
        this.waiting = waiting;
        this.gauges = gauges;
        this.clock = clock;
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        gauge(registry, gauges.reachable(), gauges.reachableMeans(), reading -> reading.reachable() ? 1 : 0);
        gauge(registry, gauges.waiting(), gauges.waitingMeans(), reading -> reading.waiting().count());
        gauge(registry, gauges.oldest(), gauges.oldestMeans(), reading -> reading.waiting().oldest()
                .map(oldest -> Duration.between(oldest, reading.at()).toSeconds()).orElse(0L));
    }

    private void gauge(MeterRegistry registry, String name, String description, ToDoubleFunction<Reading> value) {
        // held strongly: Micrometer holds a gauge's object weakly, and one bound without a bean to keep it would read
        // NaN once collected
        Gauge.builder(name, this, metrics -> value.applyAsDouble(metrics.read())).description(description)
                .strongReference(true).register(registry);
    }

    private synchronized Reading read() {
        Instant now = clock.instant();
        if (last == null || Duration.between(last.at(), now).compareTo(FRESH_FOR) >= 0) {
            try {
                last = new Reading(now, link.status().reachable(), waiting.get());
            } catch (RuntimeException unreadable) {
                return last == null ? new Reading(now, false, Waiting.NOTHING) : last;
            }
        }
        return last;
    }

    /** The gauges' names and what each means. */
    public record Gauges(String reachable, String reachableMeans, String waiting, String waitingMeans, String oldest,
                         String oldestMeans) {
    }

    private record Reading(Instant at, boolean reachable, Waiting waiting) {
    }
}
