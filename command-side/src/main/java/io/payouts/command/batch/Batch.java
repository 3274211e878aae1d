package io.payouts.command.batch;

import io.payouts.shared.InvalidStateException;
import io.payouts.shared.Mode;
import io.payouts.shared.approval.ApprovalDecisions;
import io.payouts.shared.batch.BatchApprovedEvent;
import io.payouts.shared.batch.BatchAwaitingApprovalEvent;
import io.payouts.shared.batch.BatchCompletedEvent;
import io.payouts.shared.batch.BatchCreatedEvent;
import io.payouts.shared.batch.BatchId;
import io.payouts.shared.batch.BatchNotFoundException;
import io.payouts.shared.batch.BatchPayoutCanceledEvent;
import io.payouts.shared.batch.BatchPayoutLine;
import io.payouts.shared.batch.BatchPayoutOutcomeRecordedEvent;
import io.payouts.shared.batch.BatchPayoutOutcomesRecordedEvent;
import io.payouts.shared.batch.BatchRejectedEvent;
import io.payouts.shared.batch.BatchReleasedEvent;
import io.payouts.shared.batch.BatchStatus;
import io.payouts.shared.batch.RecordBatchPayoutOutcomesCommand;
import io.payouts.shared.batch.ReleaseTrigger;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.PayoutStatus;
import io.payouts.shared.payout.Rail;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.eventsourcing.EventSourcingHandler;
import org.axonframework.modelling.command.AggregateIdentifier;
import org.axonframework.spring.stereotype.Aggregate;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.axonframework.modelling.command.AggregateLifecycle.apply;

/**
 * A batch of payouts (decisions.md, States): queued -> processing on release, run or its schedule -> completed when
 * every released payout ended and at least one completed, failed when none completed. Before the release its
 * payouts hold no funds and may be canceled, which takes them out of the totals (ADR-0013). One whose total is above
 * the approval threshold is pending approval before it is queued, and rejected if a second person says no
 * (ADR-0046). The outcomes of its payouts add events to its stream, so it is snapshotted ({@link BatchConfiguration}).
 */
@Aggregate(cache = "batchCache", snapshotTriggerDefinition = "batchSnapshotTrigger")
public class Batch {

    @AggregateIdentifier
    private BatchId batchId;
    private Mode mode;
    private String name;
    private BatchStatus status;
    /** The user who created a batch that waits for approval; the approval may not come from them. */
    private String requesterId;
    /** By payout id, in the batch's order. */
    private Map<String, Line> lines = new LinkedHashMap<>();

    protected Batch() {
        // for Axon's event sourcing
    }

    /** A new batch; one whose total {@code approval} finds above the threshold waits for a second person (ADR-0046). */
    Batch(BatchId batchId, Mode mode, String name, Rail rail, Instant scheduledFor, List<BatchPayoutLine> payouts,
          Instant createdAt, ApprovalRule approval) {
        long totalAmount = payouts.stream().mapToLong(BatchPayoutLine::amount).sum();
        long totalFees = payouts.stream().mapToLong(BatchPayoutLine::fee).sum();
        apply(new BatchCreatedEvent(batchId, mode, name, rail, scheduledFor, payouts, payouts.size(), totalAmount,
                totalFees, totalAmount - totalFees, createdAt));
        if (approval.requires(totalAmount)) {
            apply(new BatchAwaitingApprovalEvent(batchId, mode, totalAmount, approval.threshold(),
                    approval.requesterId(), createdAt));
        }
    }

    /**
     * Refuses a decision on a batch of another mode, one that does not wait for approval, or one by its creator.
     */
    public void requireDecidableBy(Mode requestedIn, String deciderId) {
        if (requestedIn != mode) {
            throw new BatchNotFoundException(batchId.value());
        }
        if (status != BatchStatus.PENDING_APPROVAL) {
            throw new InvalidStateException("batch " + batchId + " is " + status.name().toLowerCase()
                    + " and cannot be approved or rejected");
        }
        ApprovalDecisions.requireSecondPerson(requesterId, deciderId, "batch " + batchId);
    }

    /** Approved: queued, for its schedule, a release or a run. */
    public void approve(String approverId, Instant at) {
        apply(new BatchApprovedEvent(batchId, mode, approverId, at));
    }

    /** @return the payouts it still held, each to be rejected with it */
    public List<PayoutId> reject(String rejecterId, String reason, Instant at) {
        List<PayoutId> held = lines.entrySet().stream().filter(entry -> entry.getValue().counted())
                .map(entry -> new PayoutId(entry.getKey())).toList();
        apply(new BatchRejectedEvent(batchId, mode, rejecterId, reason, at));
        return held;
    }

    /**
     * Refuses a release of a batch that is not queued, or that belongs to another mode.
     *
     * @return the payouts the batch still counts, to be released
     */
    public List<PayoutId> releasable(Mode requestedIn) {
        if (requestedIn != mode) {
            throw new BatchNotFoundException(batchId.value());
        }
        if (status == BatchStatus.PENDING_APPROVAL) {
            throw new InvalidStateException("batch " + batchId + " waits for approval and cannot be released or run"
                    + " until an owner or admin other than its creator approves it");
        }
        if (status != BatchStatus.QUEUED) {
            throw new InvalidStateException("batch " + batchId + " is " + status.name().toLowerCase()
                    + " and cannot be released or run again");
        }
        List<PayoutId> counted = lines.entrySet().stream().filter(entry -> entry.getValue().counted())
                .map(entry -> new PayoutId(entry.getKey())).toList();
        if (counted.isEmpty()) {
            throw new InvalidStateException("batch " + batchId + " has no payouts left to release");
        }
        return counted;
    }

    /**
     * The funds of {@code toRail} were reserved and they went to the rail; {@code failed} failed at the release
     * (their driver could not be paid); the others were canceled meanwhile. A batch none of whose payouts reached
     * the rail is over at once.
     */
    public void release(List<PayoutId> toRail, List<PayoutId> failed, ReleaseTrigger trigger, Instant at) {
        if (status != BatchStatus.QUEUED) {
            throw new InvalidStateException("batch " + batchId + " is " + status.name().toLowerCase()
                    + " and cannot be released or run again");
        }
        List<Line> released = Stream.concat(toRail.stream(), failed.stream())
                .map(payoutId -> lines.get(payoutId.value())).toList();
        long totalAmount = released.stream().mapToLong(Line::amount).sum();
        long totalFees = released.stream().mapToLong(Line::fee).sum();
        apply(new BatchReleasedEvent(batchId, mode, name, trigger, toRail, released.size(), totalAmount, totalFees,
                totalAmount - totalFees, at, failed));
        if (toRail.isEmpty()) {
            complete(at);
        }
    }

    /**
     * Records the outcomes in turn, as if each came alone, in one event; once the batch is over the rest change
     * nothing. Before the release only a cancel counts: it takes the payout out of the totals.
     */
    @CommandHandler
    void handle(RecordBatchPayoutOutcomesCommand command) {
        if (status == BatchStatus.QUEUED || status == BatchStatus.PENDING_APPROVAL) {
            command.outcomes().forEach(this::cancelIfCounted);
        } else if (status == BatchStatus.PROCESSING) {
            recordReleased(command.outcomes());
        }
    }

    private void cancelIfCounted(RecordBatchPayoutOutcomesCommand.Outcome outcome) {
        Line line = lines.get(outcome.payoutId().value());
        if (line != null && !line.isNewerThan(outcome.at()) && outcome.status() == PayoutStatus.CANCELED
                && line.counted()) {
            cancelBeforeRelease(outcome.payoutId(), outcome.at());
        }
    }

    /**
     * An outcome counts for a released payout if it is news (not older than, nor the same as, the one held); the
     * batch completes with the outcome that ends its last open payout.
     */
    private void recordReleased(List<RecordBatchPayoutOutcomesCommand.Outcome> outcomes) {
        Map<String, Line> recordedLines = new HashMap<>();
        long open = lines.values().stream().filter(line -> line.released() && !line.ended()).count();
        List<BatchPayoutOutcomesRecordedEvent.Outcome> recorded = new ArrayList<>();
        for (RecordBatchPayoutOutcomesCommand.Outcome outcome : outcomes) {
            String payoutId = outcome.payoutId().value();
            Line line = recordedLines.getOrDefault(payoutId, lines.get(payoutId));
            if (line == null || line.isNewerThan(outcome.at()) || !line.released()
                    || line.outcome() == outcome.status()) {
                continue;
            }
            Line after = line.withOutcome(outcome.status(), line.counted(), outcome.at());
            recordedLines.put(payoutId, after);
            open += (after.ended() ? 0 : 1) - (line.ended() ? 0 : 1);
            recorded.add(new BatchPayoutOutcomesRecordedEvent.Outcome(outcome.payoutId(), outcome.status(),
                    outcome.at()));
            if (open == 0) {
                break;
            }
        }
        if (recorded.isEmpty()) {
            return;
        }
        apply(new BatchPayoutOutcomesRecordedEvent(batchId, mode, recorded));
        if (open == 0) {
            complete(recorded.get(recorded.size() - 1).at());
        }
    }

    private void cancelBeforeRelease(PayoutId payoutId, Instant at) {
        List<Line> left = lines.entrySet().stream()
                .filter(entry -> entry.getValue().counted() && !entry.getKey().equals(payoutId.value()))
                .map(Map.Entry::getValue).toList();
        long totalAmount = left.stream().mapToLong(Line::amount).sum();
        long totalFees = left.stream().mapToLong(Line::fee).sum();
        apply(new BatchPayoutCanceledEvent(batchId, mode, payoutId, left.size(), totalAmount, totalFees,
                totalAmount - totalFees, at));
    }

    private void complete(Instant at) {
        List<Line> released = lines.values().stream().filter(Line::released).toList();
        int completed = (int) released.stream().filter(line -> line.outcome() == PayoutStatus.COMPLETED).count();
        int failed = (int) released.stream().filter(line -> line.outcome() == PayoutStatus.FAILED).count();
        long totalAmount = released.stream().mapToLong(Line::amount).sum();
        apply(new BatchCompletedEvent(batchId, mode, name, completed > 0 ? BatchStatus.COMPLETED : BatchStatus.FAILED,
                released.size(), totalAmount, completed, failed, at));
    }

    @EventSourcingHandler
    void on(BatchCreatedEvent event) {
        batchId = event.batchId();
        mode = event.mode();
        name = event.name();
        status = BatchStatus.QUEUED;
        for (BatchPayoutLine payout : event.payouts()) {
            lines.put(payout.payoutId().value(),
                    new Line(payout.amount(), payout.fee(), true, false, PayoutStatus.PENDING, null));
        }
    }

    @EventSourcingHandler
    void on(BatchAwaitingApprovalEvent event) {
        status = BatchStatus.PENDING_APPROVAL;
        requesterId = event.requesterId();
    }

    @EventSourcingHandler
    void on(BatchApprovedEvent event) {
        status = BatchStatus.QUEUED;
    }

    @EventSourcingHandler
    void on(BatchRejectedEvent event) {
        status = BatchStatus.REJECTED;
    }

    @EventSourcingHandler
    void on(BatchPayoutCanceledEvent event) {
        lines.computeIfPresent(event.payoutId().value(),
                (id, line) -> line.withOutcome(PayoutStatus.CANCELED, false, event.canceledAt()));
    }

    @EventSourcingHandler
    void on(BatchReleasedEvent event) {
        status = BatchStatus.PROCESSING;
        Set<String> toRail = event.payoutIds().stream().map(PayoutId::value).collect(Collectors.toSet());
        Set<String> failed = event.failedPayoutIds().stream().map(PayoutId::value).collect(Collectors.toSet());
        lines.replaceAll((id, line) -> {
            if (toRail.contains(id)) {
                return new Line(line.amount(), line.fee(), true, true, PayoutStatus.VALIDATED, event.releasedAt());
            }
            if (failed.contains(id)) {
                return new Line(line.amount(), line.fee(), true, true, PayoutStatus.FAILED, event.releasedAt());
            }
            return line.withOutcome(PayoutStatus.CANCELED, false, event.releasedAt());
        });
    }

    @EventSourcingHandler
    void on(BatchPayoutOutcomeRecordedEvent event) {
        lines.computeIfPresent(event.payoutId().value(),
                (id, line) -> line.withOutcome(event.outcome(), line.counted(), event.at()));
    }

    @EventSourcingHandler
    void on(BatchPayoutOutcomesRecordedEvent event) {
        event.outcomes().forEach(outcome -> lines.computeIfPresent(outcome.payoutId().value(),
                (id, line) -> line.withOutcome(outcome.outcome(), line.counted(), outcome.at())));
    }

    @EventSourcingHandler
    void on(BatchCompletedEvent event) {
        status = event.status();
    }

    /** The mode's approval threshold when the batch is created (0: approvals off) and the user creating it. */
    record ApprovalRule(long threshold, String requesterId) {

        boolean requires(long totalAmount) {
            return ApprovalDecisions.waits(threshold, totalAmount);
        }
    }

    /**
     * One payout as the batch counts it. {@code counted}: in the totals (not canceled before the release);
     * {@code released}: went to the rail with the batch; {@code outcome}: where it was last reported, at
     * {@code outcomeAt}.
     */
    record Line(long amount, long fee, boolean counted, boolean released, PayoutStatus outcome, Instant outcomeAt) {

        Line withOutcome(PayoutStatus newOutcome, boolean stillCounted, Instant at) {
            return new Line(amount, fee, stillCounted, released, newOutcome, at);
        }

        /** An outcome from before the one recorded is out of date (a redelivered or replayed payout event). */
        boolean isNewerThan(Instant at) {
            return outcomeAt != null && outcomeAt.isAfter(at);
        }

        boolean ended() {
            return outcome.terminal();
        }
    }
}
