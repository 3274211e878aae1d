package io.payouts.query.batch;

import io.payouts.query.consistency.SandboxRowsProjection;
import io.payouts.shared.Mode;
import io.payouts.shared.batch.BatchCreatedEvent;
import io.payouts.shared.batch.BatchEvent;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.ResetHandler;
import org.axonframework.eventhandling.SequenceNumber;
import org.springframework.stereotype.Component;

import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Keeps {@code batch_view} in step with the batches' streams, a processor batch at a time (ADR-0018), idempotently: a
 * row applies an event only above its version. The batch's payouts are read from payout_view.
 */
@Component
@ProcessingGroup(BatchProjection.PROCESSING_GROUP)
public class BatchProjection extends SandboxRowsProjection {

    public static final String PROCESSING_GROUP = "batch-projection";

    private final BatchRows rows;

    BatchProjection(BatchRows rows) {
        this.rows = rows;
    }

    @EventHandler
    void on(BatchEvent event, @SequenceNumber long sequence) {
        collect(event.batchId().value(), event, sequence);
    }

    @Override
    protected void apply(List<Collected> events) {
        Set<String> ids = new LinkedHashSet<>();
        events.forEach(event -> ids.add(event.aggregateId()));
        Map<String, BatchRow> before = rows.byIds(ids);
        Map<String, BatchRow> current = new HashMap<>(before);
        for (Collected event : events) {
            BatchRow row = current.get(event.aggregateId());
            if (row != null) {
                current.put(event.aggregateId(), row.evolve(event.event(), event.sequence()));
            } else if (event.event() instanceof BatchCreatedEvent created) {
                current.put(event.aggregateId(), BatchRow.created(created, event.sequence()));
            } else {
                throw new IllegalStateException("batch " + event.aggregateId() + " changed before it was created");
            }
        }
        rows.upsert(current.values().stream().filter(row -> !row.equals(before.get(row.id()))).toList());
    }

    @Override
    protected void forgetSandbox() {
        rows.deleteMode(Mode.SANDBOX);
    }

    @ResetHandler
    void onReset() {
        rows.deleteAll();
    }
}
