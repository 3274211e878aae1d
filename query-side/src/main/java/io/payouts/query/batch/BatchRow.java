package io.payouts.query.batch;

import io.payouts.shared.Mode;
import io.payouts.shared.batch.BatchCompletedEvent;
import io.payouts.shared.batch.BatchCreatedEvent;
import io.payouts.shared.batch.BatchId;
import io.payouts.shared.batch.BatchPayoutCanceledEvent;
import io.payouts.shared.batch.BatchReleasedEvent;
import io.payouts.shared.batch.BatchStatus;
import io.payouts.shared.batch.BatchSummary;
import io.payouts.shared.batch.ReleaseTrigger;
import io.payouts.shared.payout.Rail;

import java.time.Instant;

/**
 * One batch as {@code batch_view} holds it, and the rules that fold the batch's stream into it: the projection and a
 * read from the stored events ({@link BatchHistory}) both use {@link #created} and {@link #evolve}. {@code version}
 * is the last sequence number of the batch's stream applied.
 */
record BatchRow(String id, Mode mode, String name, Rail rail, BatchStatus status, int payoutCount, long totalAmount,
                long totalFees, long netAmount, Instant scheduledFor, Instant createdAt, Instant releasedAt,
                Instant processedAt, Instant completedAt, long version) {

    static BatchRow created(BatchCreatedEvent event, long sequence) {
        return new BatchRow(event.batchId().value(), event.mode(), event.name(), event.rail(), BatchStatus.QUEUED,
                event.payoutCount(), event.totalAmount(), event.totalFees(), event.netAmount(), event.scheduledFor(),
                event.createdAt(), null, null, null, sequence);
    }

    /** This batch after one later event of its stream; one it has already applied changes nothing. */
    BatchRow evolve(Object event, long sequence) {
        if (sequence <= version) {
            return this;
        }
        if (event instanceof BatchPayoutCanceledEvent canceled) {
            return new BatchRow(id, mode, name, rail, status, canceled.payoutCount(), canceled.totalAmount(),
                    canceled.totalFees(), canceled.netAmount(), scheduledFor, createdAt, releasedAt, processedAt,
                    completedAt, sequence);
        }
        if (event instanceof BatchReleasedEvent released) {
            // run sets processedAt; release and the schedule set releasedAt
            boolean run = released.trigger() == ReleaseTrigger.RUN;
            return new BatchRow(id, mode, name, rail, BatchStatus.PROCESSING, released.payoutCount(),
                    released.totalAmount(), released.totalFees(), released.netAmount(), scheduledFor, createdAt,
                    run ? releasedAt : released.releasedAt(), run ? released.releasedAt() : processedAt, completedAt,
                    sequence);
        }
        if (event instanceof BatchCompletedEvent completed) {
            return new BatchRow(id, mode, name, rail, completed.status(), payoutCount, totalAmount, totalFees,
                    netAmount, scheduledFor, createdAt, releasedAt, processedAt, completed.completedAt(), sequence);
        }
        return new BatchRow(id, mode, name, rail, status, payoutCount, totalAmount, totalFees, netAmount,
                scheduledFor, createdAt, releasedAt, processedAt, completedAt, sequence);
    }

    BatchSummary toSummary() {
        return new BatchSummary(new BatchId(id), name, rail, status, payoutCount, totalAmount, totalFees, netAmount,
                scheduledFor, createdAt, releasedAt, processedAt, completedAt);
    }
}
