package io.payouts.query.payout;

import io.payouts.query.driver.DriverDirectory;
import io.payouts.shared.ResultPage;
import io.payouts.shared.payout.PayoutPage;
import io.payouts.shared.payout.PayoutSummary;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.Sort;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/** How payout rows become answers: newest first, each with its driver's current name (null when not projected). */
final class PayoutPages {

    static final Sort NEWEST_FIRST = Sort.by(Sort.Order.desc("requestedAt"), Sort.Order.desc("id"));

    private PayoutPages() {
    }

    static Pageable newestFirst(io.payouts.shared.PageRequest request) {
        return org.springframework.data.domain.PageRequest.of(request.page() - 1, request.pageSize(), NEWEST_FIRST);
    }

    static PayoutPage of(Page<PayoutView> page, io.payouts.shared.PageRequest request, DriverDirectory drivers) {
        List<PayoutView> rows = page.getContent();
        Set<String> driverIds = rows.stream().map(PayoutView::driverId).collect(Collectors.toSet());
        Map<String, String> names = drivers.namesOf(driverIds);
        List<PayoutSummary> items = rows.stream().map(row -> row.toSummary(names.get(row.driverId()))).toList();
        return new PayoutPage(new ResultPage<>(items, page.getTotalElements(), request.page(), request.pageSize()));
    }

    static PayoutSummary summaryOf(PayoutView payout, DriverDirectory drivers) {
        return payout.toSummary(drivers.namesOf(Set.of(payout.driverId())).get(payout.driverId()));
    }
}
