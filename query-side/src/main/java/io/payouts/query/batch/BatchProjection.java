package io.payouts.query.batch;

import io.payouts.query.consistency.ProjectionProgress;
import io.payouts.query.consistency.VersionedRows;
import io.payouts.shared.batch.BatchCompletedEvent;
import io.payouts.shared.batch.BatchCreatedEvent;
import io.payouts.shared.batch.BatchPayoutCanceledEvent;
import io.payouts.shared.batch.BatchPayoutOutcomeRecordedEvent;
import io.payouts.shared.batch.BatchReleasedEvent;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.ResetHandler;
import org.axonframework.eventhandling.SequenceNumber;
import org.springframework.stereotype.Component;

/**
 * Keeps {@code batch_view} in step with the batches' streams, idempotently (ADR-0005): every event of a batch's
 * stream moves the row's version, so a read waiting for it wakes. The batch's payouts are read from payout_view.
 */
@Component
@ProcessingGroup(BatchProjection.PROCESSING_GROUP)
class BatchProjection {

    static final String PROCESSING_GROUP = "batch-projection";

    private final BatchViewRepository batches;
    private final ProjectionProgress progress;
    private final VersionedRows<BatchView> rows;

    BatchProjection(BatchViewRepository batches, ProjectionProgress progress) {
        this.batches = batches;
        this.progress = progress;
        this.rows = new VersionedRows<>(batches, progress, "batch");
    }

    @EventHandler
    void on(BatchCreatedEvent event, @SequenceNumber long sequence) {
        String id = event.batchId().value();
        batches.insertIfAbsent(id, event.mode().name(), event.name(), event.rail().name(), event.payoutCount(),
                event.totalAmount(), event.totalFees(), event.netAmount(), event.scheduledFor(), event.createdAt(),
                sequence);
        progress.announceAfterCommit(id, sequence);
    }

    @EventHandler
    void on(BatchPayoutCanceledEvent event, @SequenceNumber long sequence) {
        evolve(event.batchId().value(), event, sequence);
    }

    @EventHandler
    void on(BatchReleasedEvent event, @SequenceNumber long sequence) {
        evolve(event.batchId().value(), event, sequence);
    }

    @EventHandler
    void on(BatchPayoutOutcomeRecordedEvent event, @SequenceNumber long sequence) {
        evolve(event.batchId().value(), event, sequence);
    }

    @EventHandler
    void on(BatchCompletedEvent event, @SequenceNumber long sequence) {
        evolve(event.batchId().value(), event, sequence);
    }

    private void evolve(String batchId, Object event, long sequence) {
        rows.apply(batchId, sequence, batch -> batch.evolve(event, sequence));
    }

    @ResetHandler
    void onReset() {
        batches.deleteAllInBatch();
    }
}
