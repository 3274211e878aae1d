package io.payouts.query.payout;

import io.payouts.query.consistency.SetAsideIndexes;
import io.payouts.query.consistency.StreamRowsProjection;
import io.payouts.shared.Mode;
import io.payouts.shared.eventhandling.ProcessingGroups;
import io.payouts.shared.payout.PayoutEvent;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.ResetHandler;
import org.axonframework.eventhandling.SequenceNumber;
import org.springframework.stereotype.Component;

import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * Keeps {@code payout_view} and the drivers' totals in step with the payouts' streams, a processor batch at a time
 * (ADR-0018): the rows fold by {@link PayoutRow}'s rules, one batched statement writes the changed rows and one the
 * totals they move. The totals count only the moves rows make, so a redelivered event moves none.
 */
@Component
@ProcessingGroup(ProcessingGroups.PAYOUT_PROJECTION)
public class PayoutProjection extends StreamRowsProjection<PayoutRow> {

    private final PayoutRows rows;
    private final DriverTotals totals;
    private final SetAsideIndexes indexes;

    PayoutProjection(PayoutRows rows, DriverTotals totals, SetAsideIndexes indexes) {
        super(PayoutRow.FOLD);
        this.rows = rows;
        this.totals = totals;
        this.indexes = indexes;
    }

    @EventHandler
    void on(PayoutEvent event, @SequenceNumber long sequence) {
        collect(event.payoutId().value(), event, sequence);
    }

    @Override
    protected Map<String, PayoutRow> load(Collection<String> payoutIds) {
        return rows.byIds(payoutIds);
    }

    @Override
    protected void write(Map<String, PayoutRow> before, List<PayoutRow> changed) {
        rows.upsert(before, changed);
        totals.add(DriverTotals.changes(before, changed));
    }

    @Override
    protected void forgetSandbox() {
        totals.deleteMode(Mode.SANDBOX);
        rows.deleteMode(Mode.SANDBOX);
    }

    /** The lists' indexes go until the replay is over: a million rows are written faster without them (ADR-0050). */
    @ResetHandler
    void onReset() {
        indexes.setAside(ProcessingGroups.PAYOUT_PROJECTION, "payout_view");
        rows.deleteAll();
        totals.deleteAll();
    }
}
