package io.payouts.query.payout;

import io.payouts.shared.Mode;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.payout.PayoutCanceledEvent;
import io.payouts.shared.payout.PayoutCompletedEvent;
import io.payouts.shared.payout.PayoutFailedEvent;
import io.payouts.shared.payout.PayoutReturnedEvent;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.PayoutProcessingStartedEvent;
import io.payouts.shared.payout.PayoutQueuedEvent;
import io.payouts.shared.payout.PayoutReleasedEvent;
import io.payouts.shared.payout.PayoutRequestedEvent;
import io.payouts.shared.payout.PayoutRequestedInBatchEvent;
import io.payouts.shared.payout.PayoutRetriedEvent;
import io.payouts.shared.payout.PayoutStatus;
import io.payouts.shared.payout.PayoutSummary;
import io.payouts.shared.payout.Rail;

import java.time.Instant;
import java.util.Optional;

/**
 * One payout as {@code payout_view} holds it, and the rules that fold the payout's stream into it: the projection and a
 * read from the stored events ({@link PayoutHistory}) both use {@link #started} and {@link #evolve}, so they cannot
 * disagree. {@code version} is the last sequence number of the payout's stream applied. The driver's name is not
 * stored: it is looked up when the payout is read, so it follows profile updates.
 */
record PayoutRow(String id, Mode mode, String driverId, long amount, long fee, long netAmount, PayoutStatus status,
                 Rail rail, String description, String loadId, String batchId, Instant requestedAt, Instant queuedAt,
                 Instant completedAt, Instant canceledAt, Instant retriedAt, Instant failedAt, String failureReason,
                 long version) {

    /** The row a payout's first event makes: a payout of its own, or one of a batch (pending until released). */
    static Optional<PayoutRow> started(Object event, long sequence) {
        if (event instanceof PayoutRequestedEvent requested) {
            return Optional.of(new PayoutRow(requested.payoutId().value(), requested.mode(),
                    requested.driverId().value(), requested.amount(), requested.fee(), requested.netAmount(),
                    initialStatus(requested.rail()), requested.rail(), requested.description(), requested.loadId(),
                    null, requested.requestedAt(), null, null, null, null, null, null, sequence));
        }
        if (event instanceof PayoutRequestedInBatchEvent requested) {
            return Optional.of(new PayoutRow(requested.payoutId().value(), requested.mode(),
                    requested.driverId().value(), requested.amount(), requested.fee(), requested.netAmount(),
                    PayoutStatus.PENDING, requested.rail(), requested.description(), requested.loadId(),
                    requested.batchId().value(), requested.requestedAt(), null, null, null, null, null, null,
                    sequence));
        }
        return Optional.empty();
    }

    /**
     * This payout after one later event of its stream; an event it has already applied (at or below its version)
     * changes nothing, so a redelivered event is harmless.
     */
    PayoutRow evolve(Object event, long sequence) {
        if (sequence <= version) {
            return this;
        }
        if (event instanceof PayoutReleasedEvent) {
            return moved(initialStatus(rail), sequence);
        }
        if (event instanceof PayoutQueuedEvent queued) {
            return new PayoutRow(id, mode, driverId, amount, fee, netAmount, PayoutStatus.QUEUED, rail, description,
                    loadId, batchId, requestedAt, queued.queuedAt(), completedAt, canceledAt, retriedAt, failedAt,
                    failureReason, sequence);
        }
        if (event instanceof PayoutRetriedEvent retried) {
            // back in the queue; failedAt and failureReason stay as the record of the last failure
            return new PayoutRow(id, mode, driverId, amount, fee, netAmount, PayoutStatus.QUEUED, rail, description,
                    loadId, batchId, requestedAt, queuedAt, completedAt, canceledAt, retried.retriedAt(), failedAt,
                    failureReason, sequence);
        }
        if (event instanceof PayoutProcessingStartedEvent) {
            return moved(PayoutStatus.PROCESSING, sequence);
        }
        if (event instanceof PayoutCompletedEvent completed) {
            return new PayoutRow(id, mode, driverId, amount, fee, netAmount, PayoutStatus.COMPLETED, rail,
                    description, loadId, batchId, requestedAt, queuedAt, completed.completedAt(), canceledAt,
                    retriedAt, failedAt, failureReason, sequence);
        }
        if (event instanceof PayoutFailedEvent failed) {
            return new PayoutRow(id, mode, driverId, amount, fee, netAmount, PayoutStatus.FAILED, rail, description,
                    loadId, batchId, requestedAt, queuedAt, completedAt, canceledAt, retriedAt, failed.failedAt(),
                    failed.reason(), sequence);
        }
        if (event instanceof PayoutReturnedEvent returned) {
            // completedAt stays as the record of the completion the bank undid
            return new PayoutRow(id, mode, driverId, amount, fee, netAmount, PayoutStatus.FAILED, rail, description,
                    loadId, batchId, requestedAt, queuedAt, completedAt, canceledAt, retriedAt, returned.returnedAt(),
                    returned.failureReason(), sequence);
        }
        if (event instanceof PayoutCanceledEvent canceled) {
            return new PayoutRow(id, mode, driverId, amount, fee, netAmount, PayoutStatus.CANCELED, rail,
                    description, loadId, batchId, requestedAt, queuedAt, completedAt, canceled.canceledAt(),
                    retriedAt, failedAt, failureReason, sequence);
        }
        return moved(status, sequence);
    }

    PayoutSummary toSummary(String driverName) {
        return new PayoutSummary(new PayoutId(id), loadId, new DriverId(driverId), driverName, amount, fee, netAmount,
                status, rail, description, batchId, requestedAt, queuedAt, completedAt, canceledAt, retriedAt,
                failedAt, failureReason);
    }

    /** Standard payouts start validated; instant ones are processing from the start. */
    static PayoutStatus initialStatus(Rail rail) {
        return rail == Rail.INSTANT ? PayoutStatus.PROCESSING : PayoutStatus.VALIDATED;
    }

    private PayoutRow moved(PayoutStatus to, long sequence) {
        return new PayoutRow(id, mode, driverId, amount, fee, netAmount, to, rail, description, loadId, batchId,
                requestedAt, queuedAt, completedAt, canceledAt, retriedAt, failedAt, failureReason, sequence);
    }
}
