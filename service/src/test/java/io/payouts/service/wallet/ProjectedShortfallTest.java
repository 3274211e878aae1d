package io.payouts.service.wallet;

import io.payouts.shared.wallet.FundingProjection;
import io.payouts.shared.wallet.FundingProjection.DailyOutflow;
import org.junit.jupiter.api.Test;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class ProjectedShortfallTest {

    private static final LocalDate TODAY = LocalDate.parse("2026-03-02");

    @Test
    void theShortfallIsTheFirstDayTheRunningBalanceIsBelowZero() {
        FundingProjection projection = projection(10_000, 4_000, 6_000, 1, 5_000);

        assertThat(ProjectedShortfall.in(projection))
                .contains(new ProjectedShortfall(TODAY.plusDays(2), -1));
    }

    @Test
    void aBalanceThatReachesExactlyZeroIsNoShortfall() {
        assertThat(ProjectedShortfall.in(projection(10_000, 4_000, 6_000, 0))).isEmpty();
    }

    @Test
    void anOutflowBeyondTheWindowIsNoShortfall() {
        assertThat(ProjectedShortfall.in(projection(10_000, 0, 0))).isEmpty();
    }

    private static FundingProjection projection(long balance, long... outflows) {
        List<DailyOutflow> days = new ArrayList<>();
        long total = 0;
        for (int day = 0; day < outflows.length; day++) {
            days.add(new DailyOutflow(TODAY.plusDays(day), outflows[day]));
            total += outflows[day];
        }
        return new FundingProjection(balance, balance - total, total, days);
    }
}
