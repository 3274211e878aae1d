package io.payouts.rail;

import io.payouts.shared.Mode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Routes each payment to its mode's rail: the sandbox always to the simulated rail, production to the rail
 * {@code payouts.rail.production} selects. A mode without a rail (the simulated rail switched off) keeps its payouts
 * where they are until something else reports on them, as with no rail at all (ADR-0012).
 */
final class RailsByMode implements PayoutRail {

    private static final Logger log = LoggerFactory.getLogger(RailsByMode.class);

    private final Map<Mode, PayoutRail> rails;

    private RailsByMode(Map<Mode, PayoutRail> rails) {
        this.rails = rails;
    }

    /**
     * The rails of both modes among {@code available}; a production rail that is selected and absent stops the start,
     * saying which.
     */
    static RailsByMode select(List<PayoutRail> available, RailProperties properties) {
        Map<Mode, PayoutRail> rails = new EnumMap<>(Mode.class);
        named(available, SimulatedRail.NAME).ifPresent(simulated -> rails.put(Mode.SANDBOX, simulated));
        ProductionRail production = properties.production();
        Optional<PayoutRail> productionRail = named(available, production.railName());
        if (productionRail.isPresent()) {
            rails.put(Mode.PRODUCTION, productionRail.get());
        } else if (production != ProductionRail.SIMULATED) {
            throw new IllegalStateException("payouts.rail.production (PAYOUTS_RAIL_PRODUCTION) is "
                    + production.railName() + ", but no " + production.railName() + " rail is configured in this "
                    + "service; its settings are in the README, \"Configuration\"");
        }
        if (production == ProductionRail.SIMULATED) {
            log.warn("PRODUCTION PAYOUTS ARE SIMULATED: no money leaves the company's account. Set "
                    + "PAYOUTS_RAIL_PRODUCTION=iso20022 (a bank) or http (a payment provider) to pay drivers for "
                    + "real.");
        }
        for (Mode mode : Mode.values()) {
            if (!rails.containsKey(mode)) {
                log.warn("No rail pays {} payouts (the simulated rail is off): they stay where they are until the "
                        + "inbound webhook reports on them", mode.apiName());
            }
        }
        return new RailsByMode(rails);
    }

    @Override
    public String name() {
        return "by-mode";
    }

    @Override
    public void pay(List<RailPayment> payments) {
        route(payments, RailPayment::mode).forEach(PayoutRail::pay);
    }

    @Override
    public void recorded(List<RecordedMove> moves) {
        route(moves, move -> move.payment().mode()).forEach(PayoutRail::recorded);
    }

    private <T> Map<PayoutRail, List<T>> route(List<T> items, Function<T, Mode> modeOf) {
        Map<PayoutRail, List<T>> byRail = new LinkedHashMap<>();
        for (T item : items) {
            PayoutRail rail = rails.get(modeOf.apply(item));
            if (rail != null) {
                byRail.computeIfAbsent(rail, ignored -> new ArrayList<>()).add(item);
            }
        }
        return byRail;
    }

    private static Optional<PayoutRail> named(List<PayoutRail> rails, String name) {
        return rails.stream().filter(rail -> rail.name().equals(name)).findFirst();
    }
}
