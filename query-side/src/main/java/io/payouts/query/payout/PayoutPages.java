package io.payouts.query.payout;

import io.payouts.query.driver.DriverDirectory;
import io.payouts.shared.ResultPage;
import io.payouts.shared.payout.PayoutPage;
import io.payouts.shared.payout.PayoutSummary;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/** How payout rows become answers: each with its driver's current name (null when not projected). */
final class PayoutPages {

    private PayoutPages() {
    }

    static PayoutPage of(ResultPage<PayoutRow> page, DriverDirectory drivers) {
        return new PayoutPage(new ResultPage<>(summariesOf(page.items(), drivers), page.total(), page.page(),
                page.pageSize()));
    }

    static List<PayoutSummary> summariesOf(List<PayoutRow> rows, DriverDirectory drivers) {
        Map<String, String> names = drivers.namesOf(rows.stream().map(PayoutRow::driverId)
                .collect(Collectors.toSet()));
        return rows.stream().map(row -> row.toSummary(names.get(row.driverId()))).toList();
    }

    static PayoutSummary summaryOf(PayoutRow payout, DriverDirectory drivers) {
        return payout.toSummary(drivers.namesOf(Set.of(payout.driverId())).get(payout.driverId()));
    }
}
