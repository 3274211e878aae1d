package io.payouts.rail;

import io.payouts.shared.Mode;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.PayoutStatus;
import io.payouts.shared.payout.Rail;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RailsByModeTest {

    private final Recording simulated = new Recording("simulated");
    private final Recording bank = new Recording("iso20022");

    @Test
    void paysTheSandboxThroughTheSimulatedRailAndProductionThroughTheSelectedOne() {
        RailsByMode rails = RailsByMode.select(List.of(simulated, bank), properties(ProductionRail.ISO20022));
        RailPayment sandbox = payment(Mode.SANDBOX, "1");
        RailPayment production = payment(Mode.PRODUCTION, "2");

        rails.pay(List.of(sandbox, production));
        rails.recorded(List.of(new PayoutRail.RecordedMove(production, PayoutStatus.QUEUED, 1),
                new PayoutRail.RecordedMove(sandbox, PayoutStatus.QUEUED, 1)));

        assertThat(simulated.paid).containsExactly(sandbox);
        assertThat(bank.paid).containsExactly(production);
        assertThat(simulated.recorded).extracting(PayoutRail.RecordedMove::payment).containsExactly(sandbox);
        assertThat(bank.recorded).extracting(PayoutRail.RecordedMove::payment).containsExactly(production);
    }

    @Test
    void paysBothModesThroughTheSimulatedRailByDefault() {
        RailsByMode rails = RailsByMode.select(List.of(simulated, bank), properties(ProductionRail.SIMULATED));

        rails.pay(List.of(payment(Mode.SANDBOX, "1"), payment(Mode.PRODUCTION, "2")));

        assertThat(simulated.paid).hasSize(2);
        assertThat(bank.paid).isEmpty();
    }

    @Test
    void refusesToStartWhenTheSelectedProductionRailIsAbsent() {
        assertThatThrownBy(() -> RailsByMode.select(List.of(simulated), properties(ProductionRail.HTTP)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("payouts.rail.production (PAYOUTS_RAIL_PRODUCTION) is http")
                .hasMessageContaining("no http rail is configured");
    }

    @Test
    void leavesTheSandboxsPayoutsWhereTheyAreWhenTheSimulatedRailIsOff() {
        RailsByMode rails = RailsByMode.select(List.of(bank), properties(ProductionRail.ISO20022));

        rails.pay(List.of(payment(Mode.SANDBOX, "1")));

        assertThat(bank.paid).isEmpty();
    }

    private static RailProperties properties(ProductionRail production) {
        return new RailProperties(Duration.ofSeconds(10), Duration.ofSeconds(30), Duration.ofMillis(250),
                new RailProperties.Simulated(true), production);
    }

    private static RailPayment payment(Mode mode, String digit) {
        return new RailPayment(new PayoutId("pay_" + digit.repeat(32)), mode, new DriverId("drv_" + "b".repeat(32)),
                1_000, Rail.STANDARD, false, 0);
    }

    private static final class Recording implements PayoutRail {

        private final String name;
        private final List<RailPayment> paid = new ArrayList<>();
        private final List<RecordedMove> recorded = new ArrayList<>();

        Recording(String name) {
            this.name = name;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public void pay(List<RailPayment> payments) {
            paid.addAll(payments);
        }

        @Override
        public void recorded(List<RecordedMove> moves) {
            recorded.addAll(moves);
        }
    }
}
