package io.payouts.command.batch;

import io.payouts.platform.commands.Commands;
import io.payouts.platform.commands.Origin;
import io.payouts.platform.tables.PlannedForItsValues;
import io.payouts.shared.Mode;
import io.payouts.shared.batch.BatchCompletedEvent;
import io.payouts.shared.batch.BatchCreatedEvent;
import io.payouts.shared.batch.BatchRejectedEvent;
import io.payouts.shared.batch.BatchId;
import io.payouts.shared.batch.RecordBatchPayoutOutcomesCommand;
import io.payouts.shared.eventhandling.BatchedEventHandler;
import io.payouts.shared.eventhandling.ProcessingGroups;
import io.payouts.shared.payout.PayoutCanceledEvent;
import io.payouts.shared.payout.PayoutCompletedEvent;
import io.payouts.shared.payout.PayoutFailedEvent;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.PayoutRetriedEvent;
import io.payouts.shared.payout.PayoutStatus;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.DisallowReplay;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.SequenceNumber;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.sql.PreparedStatement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Tells each batch where its payouts went (ADR-0013, ADR-0024): the outcomes of a processor batch of payout events
 * go to their batches as one command per batch, in the processor's transaction, so a batch of 1,000 payouts
 * completing together costs a few commands rather than a saga lookup, a command and a commit per payout. Payout
 * events do not name their batch: the members of each batch are recorded from its creation in
 * {@code batch_membership}. Never reset (it sends commands); redelivered outcomes change nothing, since a batch
 * ignores an outcome it holds or an older one.
 */
@Component
@ProcessingGroup(ProcessingGroups.BATCH_OUTCOMES)
@DisallowReplay
class BatchOutcomes extends BatchedEventHandler {

    private final JdbcTemplate jdbc;
    private final Commands commands;

    BatchOutcomes(JdbcTemplate jdbc, Commands commands) {
        this.jdbc = jdbc;
        this.commands = commands;
    }

    @EventHandler
    void on(BatchCreatedEvent event, @SequenceNumber long sequence) {
        collect(event.batchId().value(), event, sequence);
    }

    @EventHandler
    void on(BatchCompletedEvent event, @SequenceNumber long sequence) {
        collect(event.batchId().value(), event, sequence);
    }

    /** A rejected batch is over as a completed one is (ADR-0046). */
    @EventHandler
    void on(BatchRejectedEvent event, @SequenceNumber long sequence) {
        collect(event.batchId().value(), event, sequence);
    }

    @EventHandler
    void on(PayoutCompletedEvent event, @SequenceNumber long sequence) {
        collect(event.payoutId().value(), outcome(event.payoutId(), PayoutStatus.COMPLETED, event.completedAt()),
                sequence);
    }

    @EventHandler
    void on(PayoutFailedEvent event, @SequenceNumber long sequence) {
        collect(event.payoutId().value(), outcome(event.payoutId(), PayoutStatus.FAILED, event.failedAt()), sequence);
    }

    @EventHandler
    void on(PayoutCanceledEvent event, @SequenceNumber long sequence) {
        collect(event.payoutId().value(), outcome(event.payoutId(), PayoutStatus.CANCELED, event.canceledAt()),
                sequence);
    }

    @EventHandler
    void on(PayoutRetriedEvent event, @SequenceNumber long sequence) {
        collect(event.payoutId().value(), outcome(event.payoutId(), PayoutStatus.QUEUED, event.retriedAt()), sequence);
    }

    @Override
    protected void apply(List<Collected> events) {
        Map<PayoutId, BatchId> members = new HashMap<>();
        Map<BatchId, Mode> modes = new HashMap<>();
        List<BatchCreatedEvent> created = new ArrayList<>();
        List<BatchId> over = new ArrayList<>();
        Set<PayoutId> unknown = new LinkedHashSet<>();
        for (Collected collected : events) {
            if (collected.event() instanceof BatchCreatedEvent creation) {
                created.add(creation);
                modes.put(creation.batchId(), creation.mode());
                creation.payouts().forEach(line -> members.put(line.payoutId(), creation.batchId()));
            } else if (collected.event() instanceof BatchCompletedEvent completion) {
                over.add(completion.batchId());
            } else if (collected.event() instanceof BatchRejectedEvent rejection) {
                over.add(rejection.batchId());
            } else if (collected.event() instanceof RecordBatchPayoutOutcomesCommand.Outcome outcome
                    && !members.containsKey(outcome.payoutId())) {
                unknown.add(outcome.payoutId());
            }
        }
        join(created);
        members.putAll(batchesOf(unknown, modes));
        Map<BatchId, List<RecordBatchPayoutOutcomesCommand.Outcome>> byBatch = new LinkedHashMap<>();
        for (Collected collected : events) {
            if (collected.event() instanceof RecordBatchPayoutOutcomesCommand.Outcome outcome
                    && members.containsKey(outcome.payoutId())) {
                byBatch.computeIfAbsent(members.get(outcome.payoutId()), batch -> new ArrayList<>()).add(outcome);
            }
        }
        byBatch.forEach((batchId, outcomes) -> commands.send(
                new RecordBatchPayoutOutcomesCommand(batchId, modes.get(batchId), outcomes), Origin.NONE));
        forget(over);
    }

    private void join(List<BatchCreatedEvent> created) {
        List<Object[]> rows = created.stream().flatMap(batch -> batch.payouts().stream().map(line -> new Object[]{
                line.payoutId().value(), batch.batchId().value(), batch.mode().name()})).toList();
        if (!rows.isEmpty()) {
            jdbc.batchUpdate("insert into batch_membership (payout_id, batch_id, mode) values (?, ?, ?) "
                    + "on conflict do nothing", rows);
        }
    }

    /** A batch that is over ignores every later outcome: its members need not be found any more. */
    private void forget(List<BatchId> over) {
        if (!over.isEmpty()) {
            jdbc.batchUpdate("delete from batch_membership where batch_id = ?",
                    over.stream().map(batchId -> new Object[]{batchId.value()}).toList());
        }
    }

    /**
     * The batches of these payouts, in one query planned for them ({@code batch_membership} fills and empties as
     * batches run), with each batch's mode put in {@code modes}; a payout created on its own belongs to none.
     */
    private Map<PayoutId, BatchId> batchesOf(Set<PayoutId> payoutIds, Map<BatchId, Mode> modes) {
        if (payoutIds.isEmpty()) {
            return Map.of();
        }
        Map<PayoutId, BatchId> batches = new HashMap<>();
        PlannedForItsValues.run(jdbc, () -> jdbc.query(connection -> {
            PreparedStatement statement = connection.prepareStatement(
                    "select payout_id, batch_id, mode from batch_membership where payout_id = any(?)");
            statement.setArray(1, connection.createArrayOf("varchar",
                    payoutIds.stream().map(PayoutId::value).toArray()));
            return statement;
        }, row -> {
            BatchId batchId = new BatchId(row.getString("batch_id"));
            batches.put(new PayoutId(row.getString("payout_id")), batchId);
            modes.put(batchId, Mode.valueOf(row.getString("mode")));
        }));
        return batches;
    }

    private static RecordBatchPayoutOutcomesCommand.Outcome outcome(PayoutId payoutId, PayoutStatus status,
                                                                    Instant at) {
        return new RecordBatchPayoutOutcomesCommand.Outcome(payoutId, status, at);
    }
}
