package io.payouts.service.operations;

import io.payouts.service.web.Gateways;
import io.payouts.shared.Mode;
import io.payouts.shared.wallet.FindWalletBalanceQuery;
import io.payouts.shared.wallet.WalletBalance;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

import java.time.Clock;
import java.time.Instant;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The figures behind the gauges that cost a query: processor positions and parked events, and the wallets. A
 * scrape reads them at most once per {@code payouts.management.sample-interval}; the gauges of one scrape share
 * the sample.
 */
@Component
class SampledFigures {

    private static final Logger log = LoggerFactory.getLogger(SampledFigures.class);

    private final EventProcessorStates processors;
    private final Gateways gateways;
    private final ManagementProperties properties;
    private final Clock clock;
    private Sample sample = new Sample(Instant.MIN, List.of(), Map.of());

    SampledFigures(EventProcessorStates processors, Gateways gateways, ManagementProperties properties, Clock clock) {
        this.processors = processors;
        this.gateways = gateways;
        this.properties = properties;
        this.clock = clock;
    }

    Optional<ProcessorState> processor(String name) {
        return current().processors().stream().filter(state -> state.name().equals(name)).findFirst();
    }

    Optional<WalletBalance> wallet(Mode mode) {
        return Optional.ofNullable(current().wallets().get(mode));
    }

    private synchronized Sample current() {
        Instant now = clock.instant();
        if (sample.takenAt().plus(properties.sampleInterval()).isAfter(now)) {
            return sample;
        }
        List<ProcessorState> states = sample.processors();
        try {
            states = processors.read();
        } catch (RuntimeException e) {
            log.warn("Could not read the event processors for the metrics: {}", e.toString());
        }
        Map<Mode, WalletBalance> wallets = new EnumMap<>(Mode.class);
        for (Mode mode : Mode.values()) {
            try {
                wallets.put(mode, gateways.query(new FindWalletBalanceQuery(mode, -1), WalletBalance.class));
            } catch (RuntimeException e) {
                log.debug("No balance of the {} wallet for the metrics: {}", mode, e.toString());
            }
        }
        sample = new Sample(now, states, wallets);
        return sample;
    }

    private record Sample(Instant takenAt, List<ProcessorState> processors, Map<Mode, WalletBalance> wallets) {
    }
}
