package io.payouts.query.batch;

import io.payouts.query.consistency.StreamFold;
import io.payouts.shared.Mode;
import io.payouts.shared.approval.Approval;
import io.payouts.shared.batch.BatchApprovedEvent;
import io.payouts.shared.batch.BatchAwaitingApprovalEvent;
import io.payouts.shared.batch.BatchCompletedEvent;
import io.payouts.shared.batch.BatchCreatedEvent;
import io.payouts.shared.batch.BatchEvent;
import io.payouts.shared.batch.BatchId;
import io.payouts.shared.batch.BatchPayoutLine;
import io.payouts.shared.batch.BatchPayoutCanceledEvent;
import io.payouts.shared.batch.BatchPayoutOutcomeRecordedEvent;
import io.payouts.shared.batch.BatchPayoutOutcomesRecordedEvent;
import io.payouts.shared.batch.BatchRejectedEvent;
import io.payouts.shared.batch.BatchReleasedEvent;
import io.payouts.shared.batch.BatchStatus;
import io.payouts.shared.batch.BatchSummary;
import io.payouts.shared.batch.ReleaseTrigger;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.Rail;

import java.time.Instant;
import java.util.List;

/**
 * One batch as {@code batch_view} holds it, and the rules that fold the batch's stream into it: the projection and a
 * read from the stored events ({@link BatchHistory}) both use {@link #FOLD}. {@code version} is the last
 * sequence number of the batch's stream applied. {@code payoutIds} are the payouts it was created with, in the
 * order of the request; null where the row was read without them (lists) or written before they were kept.
 */
record BatchRow(String id, Mode mode, String name, Rail rail, BatchStatus status, int payoutCount, long totalAmount,
                long totalFees, long netAmount, Instant scheduledFor, Instant createdAt, Instant releasedAt,
                Instant processedAt, Instant completedAt, Approval approval, long version, List<PayoutId> payoutIds) {

    /** How a batch's stream folds into its row: its creation makes it, each later event changes it. */
    static final StreamFold<BatchRow> FOLD = StreamFold.of(BatchEvent.class, BatchRow::version)
            .starts(BatchCreatedEvent.class, BatchRow::created)
            .evolves(BatchPayoutCanceledEvent.class, BatchRow::payoutCanceled)
            .evolves(BatchReleasedEvent.class, BatchRow::released)
            .evolves(BatchPayoutOutcomeRecordedEvent.class, (row, one, sequence) -> row.outcomesRecorded(sequence))
            .evolves(BatchPayoutOutcomesRecordedEvent.class, (row, some, sequence) -> row.outcomesRecorded(sequence))
            .evolves(BatchCompletedEvent.class, BatchRow::completed)
            .evolves(BatchAwaitingApprovalEvent.class, (row, waiting, sequence) -> row.decided(
                    BatchStatus.PENDING_APPROVAL, Approval.pending(waiting.threshold(), waiting.requesterId()),
                    sequence))
            .evolves(BatchApprovedEvent.class, (row, approved, sequence) -> row.decided(BatchStatus.QUEUED,
                    row.approval.approved(approved.approvedBy(), approved.approvedAt()), sequence))
            .evolves(BatchRejectedEvent.class, (row, rejected, sequence) -> row.decided(BatchStatus.REJECTED,
                    row.approval.rejected(rejected.rejectedBy(), rejected.rejectedAt(), rejected.reason()),
                    sequence))
            .build();

    static BatchRow created(BatchCreatedEvent event, long sequence) {
        return new BatchRow(event.batchId().value(), event.mode(), event.name(), event.rail(), BatchStatus.QUEUED,
                event.payoutCount(), event.totalAmount(), event.totalFees(), event.netAmount(), event.scheduledFor(),
                event.createdAt(), null, null, null, null, sequence,
                event.payouts().stream().map(BatchPayoutLine::payoutId).toList());
    }

    /** This batch after one later event of its stream; one it has already applied changes nothing. */
    BatchRow evolve(Object event, long sequence) {
        return FOLD.evolve(this, event, sequence);
    }

    private BatchRow payoutCanceled(BatchPayoutCanceledEvent canceled, long sequence) {
        return new BatchRow(id, mode, name, rail, status, canceled.payoutCount(), canceled.totalAmount(),
                canceled.totalFees(), canceled.netAmount(), scheduledFor, createdAt, releasedAt, processedAt,
                completedAt, approval, sequence, payoutIds);
    }

    /** A run sets processedAt; a release and the schedule set releasedAt. */
    private BatchRow released(BatchReleasedEvent released, long sequence) {
        boolean run = released.trigger() == ReleaseTrigger.RUN;
        return new BatchRow(id, mode, name, rail, BatchStatus.PROCESSING, released.payoutCount(),
                released.totalAmount(), released.totalFees(), released.netAmount(), scheduledFor, createdAt,
                run ? releasedAt : released.releasedAt(), run ? released.releasedAt() : processedAt, completedAt,
                approval, sequence, payoutIds);
    }

    /** Payouts' outcomes move the batch only when the last one completes it: the row notes it has applied them. */
    private BatchRow outcomesRecorded(long sequence) {
        return new BatchRow(id, mode, name, rail, status, payoutCount, totalAmount, totalFees, netAmount,
                scheduledFor, createdAt, releasedAt, processedAt, completedAt, approval, sequence, payoutIds);
    }

    private BatchRow completed(BatchCompletedEvent completed, long sequence) {
        return new BatchRow(id, mode, name, rail, completed.status(), payoutCount, totalAmount, totalFees,
                netAmount, scheduledFor, createdAt, releasedAt, processedAt, completed.completedAt(), approval,
                sequence, payoutIds);
    }

    private BatchRow decided(BatchStatus to, Approval decision, long sequence) {
        return new BatchRow(id, mode, name, rail, to, payoutCount, totalAmount, totalFees, netAmount, scheduledFor,
                createdAt, releasedAt, processedAt, completedAt, decision, sequence, payoutIds);
    }

    BatchSummary toSummary() {
        return new BatchSummary(new BatchId(id), name, rail, status, payoutCount, totalAmount, totalFees, netAmount,
                scheduledFor, createdAt, releasedAt, processedAt, completedAt, approval);
    }
}
