package io.payouts.query.payout;

import io.payouts.query.consistency.StreamFold;
import io.payouts.shared.Mode;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.approval.Approval;
import io.payouts.shared.payout.PayoutApprovedEvent;
import io.payouts.shared.payout.PayoutAwaitingApprovalEvent;
import io.payouts.shared.payout.PayoutCanceledEvent;
import io.payouts.shared.payout.PayoutCompletedEvent;
import io.payouts.shared.payout.PayoutEvent;
import io.payouts.shared.payout.PayoutFailedEvent;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.PayoutProcessingStartedEvent;
import io.payouts.shared.payout.PayoutQueuedEvent;
import io.payouts.shared.payout.PayoutRejectedEvent;
import io.payouts.shared.payout.PayoutReleasedEvent;
import io.payouts.shared.payout.PayoutRequestedEvent;
import io.payouts.shared.payout.PayoutRequestedInBatchEvent;
import io.payouts.shared.payout.PayoutRetriedEvent;
import io.payouts.shared.payout.PayoutReturnedEvent;
import io.payouts.shared.payout.PayoutStatus;
import io.payouts.shared.payout.PayoutSummary;
import io.payouts.shared.payout.Rail;

import java.time.Instant;
import java.util.Optional;

/**
 * One payout as {@code payout_view} holds it, and the rules that fold the payout's stream into it: the projection and a
 * read from the stored events ({@link PayoutHistory}) both use {@link #FOLD}, so they cannot disagree. {@code version}
 * is the last sequence number of the payout's stream applied. The driver's name is not stored: it is looked up when
 * the payout is read, so it follows profile updates.
 */
record PayoutRow(String id, Mode mode, String driverId, long amount, long fee, long netAmount, PayoutStatus status,
                 Rail rail, String description, String loadId, String requestedBy, String batchId, Instant requestedAt,
                 Instant queuedAt, Instant completedAt, Instant canceledAt, Instant retriedAt, Instant failedAt,
                 String failureReason, Approval approval, long version) {

    /** How a payout's stream folds into its row: its first event makes it, each later one moves it. */
    static final StreamFold<PayoutRow> FOLD = StreamFold.of(PayoutEvent.class, PayoutRow::version)
            .starts(PayoutRequestedEvent.class, PayoutRow::requested)
            .starts(PayoutRequestedInBatchEvent.class, PayoutRow::requestedInBatch)
            .evolves(PayoutReleasedEvent.class, (row, released, sequence) -> row.moved(initialStatus(row.rail),
                    sequence))
            .evolves(PayoutQueuedEvent.class, PayoutRow::queued)
            .evolves(PayoutRetriedEvent.class, PayoutRow::retried)
            .evolves(PayoutProcessingStartedEvent.class, (row, started, sequence) -> row.moved(
                    PayoutStatus.PROCESSING, sequence))
            .evolves(PayoutCompletedEvent.class, PayoutRow::completed)
            .evolves(PayoutFailedEvent.class, PayoutRow::failed)
            .evolves(PayoutReturnedEvent.class, PayoutRow::returned)
            .evolves(PayoutCanceledEvent.class, PayoutRow::canceled)
            .starts(PayoutAwaitingApprovalEvent.class, PayoutRow::awaitingApproval)
            .evolves(PayoutApprovedEvent.class, PayoutRow::approved)
            .evolves(PayoutRejectedEvent.class, PayoutRow::rejected)
            .build();

    /** The row a payout's first event makes: a payout of its own, or one of a batch (pending until released). */
    static Optional<PayoutRow> started(Object event, long sequence) {
        return FOLD.start(event, sequence);
    }

    /**
     * This payout after one later event of its stream; an event it has already applied (at or below its version)
     * changes nothing, so a redelivered event is harmless.
     */
    PayoutRow evolve(Object event, long sequence) {
        return FOLD.evolve(this, event, sequence);
    }

    private static PayoutRow requested(PayoutRequestedEvent requested, long sequence) {
        return new PayoutRow(requested.payoutId().value(), requested.mode(), requested.driverId().value(),
                requested.amount(), requested.fee(), requested.netAmount(), initialStatus(requested.rail()),
                requested.rail(), requested.description(), requested.loadId(), requested.requestedBy(), null,
                requested.requestedAt(), null, null, null, null, null, null, null, sequence);
    }

    private static PayoutRow requestedInBatch(PayoutRequestedInBatchEvent requested, long sequence) {
        return new PayoutRow(requested.payoutId().value(), requested.mode(), requested.driverId().value(),
                requested.amount(), requested.fee(), requested.netAmount(), PayoutStatus.PENDING, requested.rail(),
                requested.description(), requested.loadId(), null, requested.batchId().value(),
                requested.requestedAt(), null, null, null, null, null, null, null, sequence);
    }

    private static PayoutRow awaitingApproval(PayoutAwaitingApprovalEvent requested, long sequence) {
        return new PayoutRow(requested.payoutId().value(), requested.mode(), requested.driverId().value(),
                requested.amount(), requested.fee(), requested.netAmount(), PayoutStatus.PENDING_APPROVAL,
                requested.rail(), requested.description(), requested.loadId(), requested.requestedBy(), null,
                requested.requestedAt(), null, null, null, null, null, null,
                Approval.pending(requested.threshold(), requested.requesterId()), sequence);
    }

    private PayoutRow approved(PayoutApprovedEvent approved, long sequence) {
        return decided(initialStatus(rail), approval.approved(approved.approvedBy(), approved.approvedAt()), sequence);
    }

    /** Rejected on its own or with its batch; a batch's payout had no approval of its own until then. */
    private PayoutRow rejected(PayoutRejectedEvent rejected, long sequence) {
        Approval asked = approval == null ? Approval.pending(0, null) : approval;
        return decided(PayoutStatus.REJECTED, asked.rejected(rejected.rejectedBy(), rejected.rejectedAt(),
                rejected.reason()), sequence);
    }

    private PayoutRow decided(PayoutStatus to, Approval decision, long sequence) {
        return new PayoutRow(id, mode, driverId, amount, fee, netAmount, to, rail, description, loadId, requestedBy,
                batchId, requestedAt, queuedAt, completedAt, canceledAt, retriedAt, failedAt, failureReason, decision,
                sequence);
    }

    private PayoutRow queued(PayoutQueuedEvent queued, long sequence) {
        return new PayoutRow(id, mode, driverId, amount, fee, netAmount, PayoutStatus.QUEUED, rail, description, loadId,
                requestedBy, batchId, requestedAt, queued.queuedAt(), completedAt, canceledAt, retriedAt, failedAt,
                failureReason, approval, sequence);
    }

    /** Back in the queue; failedAt and failureReason stay as the record of the last failure. */
    private PayoutRow retried(PayoutRetriedEvent retried, long sequence) {
        return new PayoutRow(id, mode, driverId, amount, fee, netAmount, PayoutStatus.QUEUED, rail, description, loadId,
                requestedBy, batchId, requestedAt, queuedAt, completedAt, canceledAt, retried.retriedAt(), failedAt,
                failureReason, approval, sequence);
    }

    private PayoutRow completed(PayoutCompletedEvent completed, long sequence) {
        return new PayoutRow(id, mode, driverId, amount, fee, netAmount, PayoutStatus.COMPLETED, rail, description,
                loadId, requestedBy, batchId, requestedAt, queuedAt, completed.completedAt(), canceledAt, retriedAt,
                failedAt, failureReason, approval, sequence);
    }

    private PayoutRow failed(PayoutFailedEvent failed, long sequence) {
        return new PayoutRow(id, mode, driverId, amount, fee, netAmount, PayoutStatus.FAILED, rail, description, loadId,
                requestedBy, batchId, requestedAt, queuedAt, completedAt, canceledAt, retriedAt, failed.failedAt(),
                failed.reason(), approval, sequence);
    }

    /** Failed after all: completedAt stays as the record of the completion the bank undid. */
    private PayoutRow returned(PayoutReturnedEvent returned, long sequence) {
        return new PayoutRow(id, mode, driverId, amount, fee, netAmount, PayoutStatus.FAILED, rail, description, loadId,
                requestedBy, batchId, requestedAt, queuedAt, completedAt, canceledAt, retriedAt, returned.returnedAt(),
                returned.failureReason(), approval, sequence);
    }

    private PayoutRow canceled(PayoutCanceledEvent canceled, long sequence) {
        return new PayoutRow(id, mode, driverId, amount, fee, netAmount, PayoutStatus.CANCELED, rail, description,
                loadId, requestedBy, batchId, requestedAt, queuedAt, completedAt, canceled.canceledAt(), retriedAt,
                failedAt, failureReason, approval, sequence);
    }

    PayoutSummary toSummary(String driverName) {
        return new PayoutSummary(new PayoutId(id), loadId, new DriverId(driverId), driverName, amount, fee, netAmount,
                status, rail, description, requestedBy, batchId, requestedAt, queuedAt, completedAt, canceledAt,
                retriedAt, failedAt, failureReason, approval);
    }

    /** Standard payouts start validated; instant ones are processing from the start. */
    static PayoutStatus initialStatus(Rail rail) {
        return rail == Rail.INSTANT ? PayoutStatus.PROCESSING : PayoutStatus.VALIDATED;
    }

    private PayoutRow moved(PayoutStatus to, long sequence) {
        return new PayoutRow(id, mode, driverId, amount, fee, netAmount, to, rail, description, loadId, requestedBy,
                batchId, requestedAt, queuedAt, completedAt, canceledAt, retriedAt, failedAt, failureReason, approval, sequence);
    }
}
