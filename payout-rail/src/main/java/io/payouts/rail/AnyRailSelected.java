package io.payouts.rail;

import org.springframework.boot.autoconfigure.condition.AnyNestedCondition;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;

/**
 * Some rail pays some mode: the simulated rail is on, or production has a rail of its own. Otherwise the hand-off does
 * not run and its token waits, so a rail enabled later receives the payouts accepted meanwhile (ADR-0012).
 */
class AnyRailSelected extends AnyNestedCondition {

    AnyRailSelected() {
        super(ConfigurationPhase.REGISTER_BEAN);
    }

    @ConditionalOnProperty(name = "payouts.rail.simulated.enabled", havingValue = "true", matchIfMissing = true)
    static class SimulatedRailOn {
    }

    @ConditionalOnProperty(name = "payouts.rail.production", havingValue = "iso20022")
    static class BankRail {
    }

    @ConditionalOnProperty(name = "payouts.rail.production", havingValue = "http")
    static class ProviderRail {
    }
}
