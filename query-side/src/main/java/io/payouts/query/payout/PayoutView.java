package io.payouts.query.payout;

import io.payouts.query.consistency.StreamVersioned;
import io.payouts.shared.Mode;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.payout.PayoutCanceledEvent;
import io.payouts.shared.payout.PayoutCompletedEvent;
import io.payouts.shared.payout.PayoutFailedEvent;
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
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;
import java.util.Optional;

/**
 * Read model row of one payout. {@code version} is the last applied sequence number of the payout's stream.
 * The driver's name is not stored: it is looked up in {@code driver_view} when the payout is read, so it follows
 * profile updates and does not depend on which projection ran first.
 */
@Entity
@Table(name = "payout_view")
class PayoutView implements StreamVersioned {

    @Id
    private String id;
    @Enumerated(EnumType.STRING)
    private Mode mode;
    @Column(name = "driver_id")
    private String driverId;
    private long amount;
    private long fee;
    @Column(name = "net_amount")
    private long netAmount;
    @Enumerated(EnumType.STRING)
    private PayoutStatus status;
    @Enumerated(EnumType.STRING)
    private Rail rail;
    private String description;
    @Column(name = "load_id")
    private String loadId;
    @Column(name = "batch_id")
    private String batchId;
    @Column(name = "requested_at")
    private Instant requestedAt;
    @Column(name = "queued_at")
    private Instant queuedAt;
    @Column(name = "completed_at")
    private Instant completedAt;
    @Column(name = "canceled_at")
    private Instant canceledAt;
    @Column(name = "retried_at")
    private Instant retriedAt;
    @Column(name = "failed_at")
    private Instant failedAt;
    @Column(name = "failure_reason")
    private String failureReason;
    private long version;

    protected PayoutView() {
        // for JPA
    }

    PayoutView(String id, Mode mode, String driverId, long amount, long fee, long netAmount, Rail rail,
               String description, String loadId, Instant requestedAt, long version) {
        this.id = id;
        this.mode = mode;
        this.driverId = driverId;
        this.amount = amount;
        this.fee = fee;
        this.netAmount = netAmount;
        this.rail = rail;
        this.status = initialStatus(rail);
        this.description = description;
        this.loadId = loadId;
        this.requestedAt = requestedAt;
        this.version = version;
    }

    /** The row a payout's first event makes: a payout of its own, or one of a batch (pending until released). */
    static Optional<PayoutView> started(Object event, long sequence) {
        if (event instanceof PayoutRequestedEvent requested) {
            return Optional.of(new PayoutView(requested.payoutId().value(), requested.mode(),
                    requested.driverId().value(), requested.amount(), requested.fee(), requested.netAmount(),
                    requested.rail(), requested.description(), requested.loadId(), requested.requestedAt(),
                    sequence));
        }
        if (event instanceof PayoutRequestedInBatchEvent requested) {
            PayoutView view = new PayoutView(requested.payoutId().value(), requested.mode(),
                    requested.driverId().value(), requested.amount(), requested.fee(), requested.netAmount(),
                    requested.rail(), requested.description(), requested.loadId(), requested.requestedAt(),
                    sequence);
            view.status = PayoutStatus.PENDING;
            view.batchId = requested.batchId().value();
            return Optional.of(view);
        }
        return Optional.empty();
    }

    /**
     * Applies one later event of the payout's stream; the projection and a read from the stored events
     * ({@link PayoutHistory}) both go through here, so they cannot disagree.
     */
    void evolve(Object event, long sequence) {
        if (event instanceof PayoutReleasedEvent) {
            release(sequence);
        } else if (event instanceof PayoutQueuedEvent queued) {
            queue(queued.queuedAt(), sequence);
        } else if (event instanceof PayoutRetriedEvent retried) {
            retry(retried.retriedAt(), sequence);
        } else if (event instanceof PayoutProcessingStartedEvent) {
            startProcessing(sequence);
        } else if (event instanceof PayoutCompletedEvent completed) {
            complete(completed.completedAt(), sequence);
        } else if (event instanceof PayoutFailedEvent failed) {
            fail(failed.reason(), failed.failedAt(), sequence);
        } else if (event instanceof PayoutCanceledEvent canceled) {
            cancel(canceled.canceledAt(), sequence);
        }
    }

    /** True when this row already reflects the event with {@code sequence}: a replayed event changes nothing. */
    @Override
    public boolean hasApplied(long sequence) {
        return sequence <= version;
    }

    private void queue(Instant at, long sequence) {
        this.status = PayoutStatus.QUEUED;
        this.queuedAt = at;
        this.version = sequence;
    }

    /** Back in the queue after a failure; failedAt and failureReason stay as the record of the last failure. */
    private void retry(Instant at, long sequence) {
        this.status = PayoutStatus.QUEUED;
        this.retriedAt = at;
        this.version = sequence;
    }

    /** Its batch was released: it holds its funds now and goes the way of any payout of its rail. */
    private void release(long sequence) {
        this.status = initialStatus(rail);
        this.version = sequence;
    }

    private void startProcessing(long sequence) {
        this.status = PayoutStatus.PROCESSING;
        this.version = sequence;
    }

    private void complete(Instant at, long sequence) {
        this.status = PayoutStatus.COMPLETED;
        this.completedAt = at;
        this.version = sequence;
    }

    private void fail(String reason, Instant at, long sequence) {
        this.status = PayoutStatus.FAILED;
        this.failedAt = at;
        this.failureReason = reason;
        this.version = sequence;
    }

    private void cancel(Instant at, long sequence) {
        this.status = PayoutStatus.CANCELED;
        this.canceledAt = at;
        this.version = sequence;
    }

    String id() {
        return id;
    }

    String driverId() {
        return driverId;
    }

    Mode mode() {
        return mode;
    }

    long version() {
        return version;
    }

    PayoutStatus status() {
        return status;
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
}
