package io.payouts.query.payout;

import io.payouts.query.consistency.StreamHeads;
import io.payouts.query.driver.DriverDirectory;
import io.payouts.shared.Mode;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.PayoutSummary;
import org.springframework.data.domain.Sort;
import org.springframework.stereotype.Component;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * A batch's payouts for its get-details, each as of its newest stored event (ADR-0018): a row the payout projection
 * has not brought up to date, or not written yet, is folded from the payout's events.
 */
@Component
public class BatchPayouts {

    private static final Sort REQUEST_ORDER = Sort.by(Sort.Order.asc("requestedAt"), Sort.Order.asc("id"));

    private final PayoutViewRepository payouts;
    private final PayoutHistory history;
    private final StreamHeads heads;
    private final DriverDirectory drivers;

    BatchPayouts(PayoutViewRepository payouts, PayoutHistory history, StreamHeads heads, DriverDirectory drivers) {
        this.payouts = payouts;
        this.history = history;
        this.heads = heads;
        this.drivers = drivers;
    }

    /**
     * @param created the payouts the batch was created with, in its order, when the caller knows them (it folded the
     *                batch); otherwise the read model's rows say which and in what order
     */
    public List<PayoutSummary> of(Mode mode, String batchId, Optional<List<PayoutId>> created) {
        Map<String, PayoutView> rows = new LinkedHashMap<>();
        payouts.findByModeAndBatchId(mode, batchId, REQUEST_ORDER).forEach(row -> rows.put(row.id(), row));
        List<String> ids = created.map(list -> list.stream().map(PayoutId::value).toList())
                .orElseGet(() -> new ArrayList<>(rows.keySet()));
        Map<String, Long> newest = heads.headsOf(ids);
        List<PayoutView> current = new ArrayList<>();
        for (String id : ids) {
            PayoutView row = rows.get(id);
            if (row != null && row.version() >= newest.getOrDefault(id, -1L)) {
                current.add(row);
            } else {
                history.fold(id).filter(payout -> payout.mode() == mode).ifPresent(current::add);
            }
        }
        Map<String, String> names = drivers.namesOf(current.stream().map(PayoutView::driverId)
                .collect(Collectors.toSet()));
        return current.stream().map(row -> row.toSummary(names.get(row.driverId()))).toList();
    }
}
