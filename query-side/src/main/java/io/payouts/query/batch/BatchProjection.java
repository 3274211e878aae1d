package io.payouts.query.batch;

import io.payouts.query.consistency.StreamRowsProjection;
import io.payouts.shared.Mode;
import io.payouts.shared.batch.BatchEvent;
import io.payouts.shared.eventhandling.ProcessingGroups;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.ResetHandler;
import org.axonframework.eventhandling.SequenceNumber;
import org.springframework.stereotype.Component;

import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * Keeps {@code batch_view} in step with the batches' streams, a processor batch at a time (ADR-0018), the rows folded
 * by {@link BatchRow}'s rules. The batch's payouts are read from payout_view.
 */
@Component
@ProcessingGroup(ProcessingGroups.BATCH_PROJECTION)
public class BatchProjection extends StreamRowsProjection<BatchRow> {

    private final BatchRows rows;

    BatchProjection(BatchRows rows) {
        super(BatchRow.FOLD);
        this.rows = rows;
    }

    @EventHandler
    void on(BatchEvent event, @SequenceNumber long sequence) {
        collect(event.batchId().value(), event, sequence);
    }

    @Override
    protected Map<String, BatchRow> load(Collection<String> batchIds) {
        return rows.byIds(batchIds);
    }

    @Override
    protected void write(Map<String, BatchRow> before, List<BatchRow> changed) {
        rows.upsert(changed);
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
