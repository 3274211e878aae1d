package io.payouts.bank.rail;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.function.ToDoubleFunction;

/**
 * The bank rail's gauges (README "Operations"): {@code payouts_rail_bank_reachable} (1 or 0),
 * {@code payouts_rail_files_waiting} (files written or being written, not at the bank yet) and
 * {@code payouts_rail_oldest_waiting_seconds}. Read from the database, so every instance reports the same, at most
 * once a second however often it is scraped.
 */
class BankMetrics implements MeterBinder {

    private static final Duration FRESH_FOR = Duration.ofSeconds(1);

    private final BankLink link;
    private final BankFiles files;
    private final Clock clock;
    private Reading last;

    BankMetrics(BankLink link, BankFiles files, Clock clock) {
        this.link = link;
        this.files = files;
        this.clock = clock;
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        gauge(registry, "payouts.rail.bank.reachable", "1 while the bank answers, 0 while it does not",
                reading -> reading.reachable() ? 1 : 0);
        gauge(registry, "payouts.rail.files.waiting", "pain.001 files not at the bank yet",
                reading -> reading.waiting().count());
        gauge(registry, "payouts.rail.oldest.waiting.seconds", "how long the oldest file has waited for the bank",
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
                last = new Reading(now, link.status().reachable(), files.waiting());
            } catch (RuntimeException unreadable) {
                return last == null ? new Reading(now, false, new BankFiles.Waiting(0, Optional.empty()))
                        : last;
            }
        }
        return last;
    }

    private record Reading(Instant at, boolean reachable, BankFiles.Waiting waiting) {
    }
}
