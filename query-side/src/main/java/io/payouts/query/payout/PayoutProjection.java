package io.payouts.query.payout;

import io.payouts.query.consistency.SandboxRowsProjection;
import io.payouts.shared.payout.PayoutCanceledEvent;
import io.payouts.shared.payout.PayoutCompletedEvent;
import io.payouts.shared.payout.PayoutFailedEvent;
import io.payouts.shared.payout.PayoutReturnedEvent;
import io.payouts.shared.payout.PayoutProcessingStartedEvent;
import io.payouts.shared.payout.PayoutQueuedEvent;
import io.payouts.shared.payout.PayoutReleasedEvent;
import io.payouts.shared.payout.PayoutRequestedEvent;
import io.payouts.shared.payout.PayoutRequestedInBatchEvent;
import io.payouts.shared.payout.PayoutRetriedEvent;
import io.payouts.shared.Mode;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.ResetHandler;
import org.axonframework.eventhandling.SequenceNumber;
import org.springframework.stereotype.Component;

import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Keeps {@code payout_view} and the drivers' totals in step with the payouts' streams, a processor batch at a time
 * (ADR-0018): one query loads the rows the batch touches, the events fold into them by {@link PayoutRow}'s rules, one
 * batched statement writes the changed rows and one the totals they move. Idempotent: a row applies an event only
 * above its version, and the totals count only the moves rows make.
 */
@Component
@ProcessingGroup(PayoutProjection.PROCESSING_GROUP)
public class PayoutProjection extends SandboxRowsProjection {

    public static final String PROCESSING_GROUP = "payout-projection";

    private final PayoutRows rows;
    private final DriverTotals totals;

    PayoutProjection(PayoutRows rows, DriverTotals totals) {
        this.rows = rows;
        this.totals = totals;
    }

    @EventHandler
    void on(PayoutRequestedEvent event, @SequenceNumber long sequence) {
        collect(event.payoutId().value(), event, sequence);
    }

    @EventHandler
    void on(PayoutRequestedInBatchEvent event, @SequenceNumber long sequence) {
        collect(event.payoutId().value(), event, sequence);
    }

    @EventHandler
    void on(PayoutReleasedEvent event, @SequenceNumber long sequence) {
        collect(event.payoutId().value(), event, sequence);
    }

    @EventHandler
    void on(PayoutQueuedEvent event, @SequenceNumber long sequence) {
        collect(event.payoutId().value(), event, sequence);
    }

    @EventHandler
    void on(PayoutRetriedEvent event, @SequenceNumber long sequence) {
        collect(event.payoutId().value(), event, sequence);
    }

    @EventHandler
    void on(PayoutProcessingStartedEvent event, @SequenceNumber long sequence) {
        collect(event.payoutId().value(), event, sequence);
    }

    @EventHandler
    void on(PayoutCompletedEvent event, @SequenceNumber long sequence) {
        collect(event.payoutId().value(), event, sequence);
    }

    @EventHandler
    void on(PayoutFailedEvent event, @SequenceNumber long sequence) {
        collect(event.payoutId().value(), event, sequence);
    }

    @EventHandler
    void on(PayoutReturnedEvent event, @SequenceNumber long sequence) {
        collect(event.payoutId().value(), event, sequence);
    }

    @EventHandler
    void on(PayoutCanceledEvent event, @SequenceNumber long sequence) {
        collect(event.payoutId().value(), event, sequence);
    }

    @Override
    protected void apply(List<Collected> events) {
        Set<String> ids = new LinkedHashSet<>();
        events.forEach(event -> ids.add(event.aggregateId()));
        Map<String, PayoutRow> before = rows.byIds(ids);
        Map<String, PayoutRow> current = new HashMap<>(before);
        for (Collected event : events) {
            PayoutRow row = current.get(event.aggregateId());
            current.put(event.aggregateId(), row != null ? row.evolve(event.event(), event.sequence())
                    : PayoutRow.started(event.event(), event.sequence()).orElseThrow(() -> new IllegalStateException(
                    "payout " + event.aggregateId() + " changed before it was created")));
        }
        List<PayoutRow> changed = current.values().stream()
                .filter(row -> !row.equals(before.get(row.id()))).toList();
        rows.upsert(changed);
        totals.add(DriverTotals.changes(before, changed));
    }

    @Override
    protected void forgetSandbox() {
        totals.deleteMode(Mode.SANDBOX);
        rows.deleteMode(Mode.SANDBOX);
    }

    @ResetHandler
    void onReset() {
        rows.deleteAll();
        totals.deleteAll();
    }
}
