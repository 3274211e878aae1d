package io.payouts.query.payout;

import io.payouts.query.driver.DriverDirectory;
import io.payouts.shared.Mode;
import io.payouts.shared.payout.PayoutSummary;
import org.springframework.data.domain.Sort;
import org.springframework.stereotype.Component;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** The payouts of a batch as the payout read model shows them, in the order they were requested. */
@Component
public class BatchPayouts {

    private static final Sort REQUEST_ORDER = Sort.by(Sort.Order.asc("requestedAt"), Sort.Order.asc("id"));

    private final PayoutViewRepository payouts;
    private final DriverDirectory drivers;

    BatchPayouts(PayoutViewRepository payouts, DriverDirectory drivers) {
        this.payouts = payouts;
        this.drivers = drivers;
    }

    public List<PayoutSummary> of(Mode mode, String batchId) {
        List<PayoutView> rows = payouts.findByModeAndBatchId(mode, batchId, REQUEST_ORDER);
        Map<String, String> names = drivers.namesOf(rows.stream().map(PayoutView::driverId)
                .collect(Collectors.toSet()));
        return rows.stream().map(row -> row.toSummary(names.get(row.driverId()))).toList();
    }
}
