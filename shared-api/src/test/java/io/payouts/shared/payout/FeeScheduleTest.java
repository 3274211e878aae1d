package io.payouts.shared.payout;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class FeeScheduleTest {

    @Test
    void theSmallestPayableAmountIsTheFirstThatItsFeeLeavesSomethingOf() {
        FeeSchedule fees = FeeSchedule.DEFAULT;

        assertThat(fees.smallestPayable(Rail.STANDARD, 100_000_000)).isEqualTo(1);
        assertThat(fees.smallestPayable(Rail.INSTANT, 100_000_000)).isEqualTo(51);
        assertThat(fees.feeFor(Rail.INSTANT, 51)).isLessThan(51);
        assertThat(fees.feeFor(Rail.INSTANT, 50)).isGreaterThanOrEqualTo(50);
    }

    @Test
    void aRailWhoseFeeTakesEverythingPaysNothingBelowTheLimit() {
        FeeSchedule everything = new FeeSchedule(10_000, 0, 10_000, 0);

        assertThat(everything.smallestPayable(Rail.INSTANT, 1_000)).isEqualTo(1_000);
    }
}
