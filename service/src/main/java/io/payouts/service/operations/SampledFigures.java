package io.payouts.service.operations;

import io.payouts.service.http.Gateways;
import io.payouts.service.projection.EventProcessors;
import io.payouts.service.projection.ProcessorStatus;
import io.payouts.shared.Mode;
import io.payouts.shared.wallet.FindWalletBalanceQuery;
import io.payouts.shared.wallet.WalletBalance;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

import java.time.Clock;
import java.time.Instant;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The figures behind the gauges that cost a query: processor positions, parked events and lag in time, and the
 * wallets. A scrape reads them at most once per {@code payouts.management.sample-interval}; the gauges of one
 * scrape share the sample.
 */
@Component
class SampledFigures {

    private static final Logger log = LoggerFactory.getLogger(SampledFigures.class);

    private final EventProcessors processors;
    private final NextEventAge nextEventAge;
    private final Gateways gateways;
    private final ManagementProperties properties;
    private final Clock clock;
    private Sample sample = new Sample(Instant.MIN, List.of(), Map.of(), Map.of());

    SampledFigures(EventProcessors processors, NextEventAge nextEventAge, Gateways gateways,
                   ManagementProperties properties, Clock clock) {
        this.processors = processors;
        this.nextEventAge = nextEventAge;
        this.gateways = gateways;
        this.properties = properties;
        this.clock = clock;
    }

    Optional<ProcessorStatus> processor(String name) {
        return current().processors().stream().filter(status -> status.name().equals(name)).findFirst();
    }

    /** Seconds since the oldest event the processor has not handled was stored; 0 when it is caught up. */
    double secondsBehind(String name) {
        return current().secondsBehind().getOrDefault(name, 0.0);
    }

    Optional<WalletBalance> wallet(Mode mode) {
        return Optional.ofNullable(current().wallets().get(mode));
    }

    private synchronized Sample current() {
        Instant now = clock.instant();
        if (sample.takenAt().plus(properties.sampleInterval()).isAfter(now)) {
            return sample;
        }
        List<ProcessorStatus> statuses = sample.processors();
        Map<String, Double> secondsBehind = new HashMap<>();
        try {
            statuses = processors.statuses();
            statuses.stream().filter(status -> status.lag() != null && status.lag() > 0)
                    .forEach(status -> secondsBehind.put(status.name(), nextEventAge.secondsBehind(status.name())));
        } catch (RuntimeException e) {
            log.warn("Could not read the event processors for the metrics: {}", e.toString());
        }
        Map<Mode, WalletBalance> wallets = new EnumMap<>(Mode.class);
        for (Mode mode : Mode.values()) {
            try {
                wallets.put(mode, gateways.query(new FindWalletBalanceQuery(mode), WalletBalance.class));
            } catch (RuntimeException e) {
                log.debug("No balance of the {} wallet for the metrics: {}", mode, e.toString());
            }
        }
        sample = new Sample(now, statuses, secondsBehind, wallets);
        return sample;
    }

    private record Sample(Instant takenAt, List<ProcessorStatus> processors, Map<String, Double> secondsBehind,
                          Map<Mode, WalletBalance> wallets) {
    }
}
