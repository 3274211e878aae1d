package io.payouts.query.payout;

import io.payouts.query.consistency.StreamHeads;
import io.payouts.query.driver.DriverDirectory;
import io.payouts.shared.Mode;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.PayoutSummary;
import org.springframework.stereotype.Component;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A batch's payouts for its get-details, each as of its newest stored event (ADR-0018): a row the payout projection
 * has not brought up to date, or not written yet, is folded from the payout's events.
 */
@Component
public class BatchPayouts {

    private final PayoutRows payouts;
    private final PayoutHistory history;
    private final StreamHeads heads;
    private final DriverDirectory drivers;

    BatchPayouts(PayoutRows payouts, PayoutHistory history, StreamHeads heads, DriverDirectory drivers) {
        this.payouts = payouts;
        this.history = history;
        this.heads = heads;
        this.drivers = drivers;
    }

    /** @param created the payouts the batch was created with, in the order of its request */
    public List<PayoutSummary> of(Mode mode, String batchId, List<PayoutId> created) {
        Map<String, PayoutRow> rows = new HashMap<>();
        payouts.ofBatch(mode, batchId).forEach(row -> rows.put(row.id(), row));
        List<String> ids = created.stream().map(PayoutId::value).toList();
        Map<String, Long> newest = heads.headsOf(ids);
        List<PayoutRow> current = new ArrayList<>();
        for (String id : ids) {
            PayoutRow row = rows.get(id);
            if (row != null && row.version() >= newest.getOrDefault(id, -1L)) {
                current.add(row);
            } else {
                history.fold(id).filter(payout -> payout.mode() == mode).ifPresent(current::add);
            }
        }
        return PayoutPages.summariesOf(current, drivers);
    }
}
