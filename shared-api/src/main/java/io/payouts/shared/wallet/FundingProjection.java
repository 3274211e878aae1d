package io.payouts.shared.wallet;

import java.time.LocalDate;
import java.util.List;

/**
 * Money the wallet holds and what is due to leave it in the window (decisions.md, Money):
 * {@code projectedBalance = currentBalance - projectedOutflow}; one entry per day of the window.
 */
public record FundingProjection(long currentBalance, long projectedBalance, long projectedOutflow,
                                List<DailyOutflow> dailyProjection) {

    public FundingProjection {
        dailyProjection = List.copyOf(dailyProjection);
    }

    public record DailyOutflow(LocalDate date, long outflow) {
    }
}
