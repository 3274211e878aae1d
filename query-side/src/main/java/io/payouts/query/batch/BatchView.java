package io.payouts.query.batch;

import io.payouts.query.consistency.StreamVersioned;
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
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;

/** Read model row of one batch. {@code version} is the last applied sequence number of the batch's stream. */
@Entity
@Table(name = "batch_view")
class BatchView implements StreamVersioned {

    @Id
    private String id;
    @Enumerated(EnumType.STRING)
    private Mode mode;
    private String name;
    @Enumerated(EnumType.STRING)
    private Rail rail;
    @Enumerated(EnumType.STRING)
    private BatchStatus status;
    @Column(name = "payout_count")
    private int payoutCount;
    @Column(name = "total_amount")
    private long totalAmount;
    @Column(name = "total_fees")
    private long totalFees;
    @Column(name = "net_amount")
    private long netAmount;
    @Column(name = "scheduled_for")
    private Instant scheduledFor;
    @Column(name = "created_at")
    private Instant createdAt;
    @Column(name = "released_at")
    private Instant releasedAt;
    @Column(name = "processed_at")
    private Instant processedAt;
    @Column(name = "completed_at")
    private Instant completedAt;
    private long version;

    protected BatchView() {
        // for JPA
    }

    /** A new batch, as {@link BatchViewRepository#insertIfAbsent} writes it. */
    BatchView(String id, Mode mode, String name, Rail rail, int payoutCount, long totalAmount, long totalFees,
              long netAmount, Instant scheduledFor, Instant createdAt, long version) {
        this.id = id;
        this.mode = mode;
        this.name = name;
        this.rail = rail;
        this.status = BatchStatus.QUEUED;
        this.scheduledFor = scheduledFor;
        this.createdAt = createdAt;
        this.version = version;
        recount(payoutCount, totalAmount, totalFees, netAmount, version);
    }

    static BatchView created(BatchCreatedEvent event, long sequence) {
        return new BatchView(event.batchId().value(), event.mode(), event.name(), event.rail(), event.payoutCount(),
                event.totalAmount(), event.totalFees(), event.netAmount(), event.scheduledFor(), event.createdAt(),
                sequence);
    }

    /**
     * Applies one later event of the batch's stream; the projection and a read from the stored events
     * ({@link BatchHistory}) both go through here, so they cannot disagree.
     */
    void evolve(Object event, long sequence) {
        if (event instanceof BatchPayoutCanceledEvent canceled) {
            recount(canceled.payoutCount(), canceled.totalAmount(), canceled.totalFees(), canceled.netAmount(),
                    sequence);
        } else if (event instanceof BatchReleasedEvent released) {
            recount(released.payoutCount(), released.totalAmount(), released.totalFees(), released.netAmount(),
                    sequence);
            release(released.trigger(), released.releasedAt(), sequence);
        } else if (event instanceof BatchCompletedEvent completed) {
            complete(completed.status(), completed.completedAt(), sequence);
        } else {
            advance(sequence);
        }
    }

    @Override
    public boolean hasApplied(long sequence) {
        return sequence <= version;
    }

    private void recount(int payoutCount, long totalAmount, long totalFees, long netAmount, long sequence) {
        this.payoutCount = payoutCount;
        this.totalAmount = totalAmount;
        this.totalFees = totalFees;
        this.netAmount = netAmount;
        this.version = sequence;
    }

    /** Run sets processedAt; release and the schedule set releasedAt. */
    private void release(ReleaseTrigger trigger, Instant at, long sequence) {
        this.status = BatchStatus.PROCESSING;
        if (trigger == ReleaseTrigger.RUN) {
            this.processedAt = at;
        } else {
            this.releasedAt = at;
        }
        this.version = sequence;
    }

    private void complete(BatchStatus outcome, Instant at, long sequence) {
        this.status = outcome;
        this.completedAt = at;
        this.version = sequence;
    }

    private void advance(long sequence) {
        this.version = sequence;
    }

    String id() {
        return id;
    }

    Mode mode() {
        return mode;
    }

    long version() {
        return version;
    }

    Instant scheduledFor() {
        return scheduledFor;
    }

    long totalAmount() {
        return totalAmount;
    }

    BatchSummary toSummary() {
        return new BatchSummary(new BatchId(id), name, rail, status, payoutCount, totalAmount, totalFees, netAmount,
                scheduledFor, createdAt, releasedAt, processedAt, completedAt);
    }
}
