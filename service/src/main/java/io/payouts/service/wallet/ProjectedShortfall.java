package io.payouts.service.wallet;

import io.payouts.shared.wallet.FundingProjection;

import java.time.LocalDate;
import java.util.Optional;

/**
 * The first day on which the funding projection's running balance (the funds held less each day's outflow, day by
 * day) is below zero: the money due to leave by then is more than the wallet holds (ADR-0043).
 */
record ProjectedShortfall(LocalDate on, long balance) {

    static Optional<ProjectedShortfall> in(FundingProjection projection) {
        long balance = projection.currentBalance();
        for (FundingProjection.DailyOutflow day : projection.dailyProjection()) {
            balance -= day.outflow();
            if (balance < 0) {
                return Optional.of(new ProjectedShortfall(day.date(), balance));
            }
        }
        return Optional.empty();
    }
}
