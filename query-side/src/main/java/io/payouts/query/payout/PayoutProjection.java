package io.payouts.query.payout;

import io.payouts.query.consistency.ProjectionProgress;
import io.payouts.query.consistency.VersionedRows;
import io.payouts.shared.payout.PayoutCanceledEvent;
import io.payouts.shared.payout.PayoutCompletedEvent;
import io.payouts.shared.payout.PayoutFailedEvent;
import io.payouts.shared.payout.PayoutProcessingStartedEvent;
import io.payouts.shared.payout.PayoutQueuedEvent;
import io.payouts.shared.payout.PayoutReleasedEvent;
import io.payouts.shared.payout.PayoutRequestedEvent;
import io.payouts.shared.payout.PayoutRequestedInBatchEvent;
import io.payouts.shared.payout.PayoutRetriedEvent;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.ResetHandler;
import org.axonframework.eventhandling.SequenceNumber;
import org.springframework.stereotype.Component;


/**
 * Keeps {@code payout_view} in step with the payouts' streams. Idempotent: each row remembers the last sequence
 * number it applied, so an event delivered again changes nothing; every event, applied or skipped, is announced
 * after commit so a read waiting on it wakes (ADR-0005).
 */
@Component
@ProcessingGroup(PayoutProjection.PROCESSING_GROUP)
class PayoutProjection {

    static final String PROCESSING_GROUP = "payout-projection";

    private final PayoutViewRepository payouts;
    private final ProjectionProgress progress;
    private final VersionedRows<PayoutView> rows;

    PayoutProjection(PayoutViewRepository payouts, ProjectionProgress progress) {
        this.payouts = payouts;
        this.progress = progress;
        this.rows = new VersionedRows<>(payouts, progress, "payout");
    }

    /** Standard payouts start validated, instant ones processing. */
    @EventHandler
    void on(PayoutRequestedEvent event, @SequenceNumber long sequence) {
        String id = event.payoutId().value();
        payouts.insertIfAbsent(id, event.mode().name(), event.driverId().value(), event.amount(), event.fee(),
                event.netAmount(), PayoutView.initialStatus(event.rail()).name(), event.rail().name(),
                event.description(), event.loadId(), event.requestedAt(), sequence);
        progress.announceAfterCommit(id, sequence);
    }

    @EventHandler
    void on(PayoutRequestedInBatchEvent event, @SequenceNumber long sequence) {
        String id = event.payoutId().value();
        payouts.insertInBatchIfAbsent(id, event.mode().name(), event.driverId().value(), event.amount(), event.fee(),
                event.netAmount(), event.rail().name(), event.description(), event.loadId(), event.batchId().value(),
                event.requestedAt(), sequence);
        progress.announceAfterCommit(id, sequence);
    }

    @EventHandler
    void on(PayoutReleasedEvent event, @SequenceNumber long sequence) {
        evolve(event.payoutId().value(), event, sequence);
    }

    @EventHandler
    void on(PayoutQueuedEvent event, @SequenceNumber long sequence) {
        evolve(event.payoutId().value(), event, sequence);
    }

    @EventHandler
    void on(PayoutRetriedEvent event, @SequenceNumber long sequence) {
        evolve(event.payoutId().value(), event, sequence);
    }

    @EventHandler
    void on(PayoutProcessingStartedEvent event, @SequenceNumber long sequence) {
        evolve(event.payoutId().value(), event, sequence);
    }

    @EventHandler
    void on(PayoutCompletedEvent event, @SequenceNumber long sequence) {
        evolve(event.payoutId().value(), event, sequence);
    }

    @EventHandler
    void on(PayoutFailedEvent event, @SequenceNumber long sequence) {
        evolve(event.payoutId().value(), event, sequence);
    }

    @EventHandler
    void on(PayoutCanceledEvent event, @SequenceNumber long sequence) {
        evolve(event.payoutId().value(), event, sequence);
    }

    private void evolve(String payoutId, Object event, long sequence) {
        rows.apply(payoutId, sequence, payout -> payout.evolve(event, sequence));
    }

    @ResetHandler
    void onReset() {
        payouts.deleteAllInBatch();
    }
}
