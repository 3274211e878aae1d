package io.payouts.query.batch;

import io.payouts.query.consistency.ListCatchUp;
import io.payouts.query.consistency.StreamHeads;
import io.payouts.query.payout.BatchPayouts;
import io.payouts.shared.ResultPage;
import io.payouts.shared.batch.BatchDetails;
import io.payouts.shared.batch.BatchNotFoundException;
import io.payouts.shared.batch.BatchPage;
import io.payouts.shared.batch.BatchStatus;
import io.payouts.shared.batch.FindBatchQuery;
import io.payouts.shared.batch.FindBatchesQuery;
import io.payouts.shared.batch.FindScheduledBatchStatsQuery;
import io.payouts.shared.batch.ScheduledBatchStats;
import io.payouts.shared.eventhandling.ProcessingGroups;
import io.payouts.shared.payout.PayoutSummary;
import org.axonframework.queryhandling.QueryHandler;
import org.springframework.stereotype.Component;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

@Component
class BatchQueryHandler {

    private final BatchRows batches;
    private final BatchHistory history;
    private final BatchPayouts payouts;
    private final ListCatchUp catchUp;
    private final StreamHeads heads;

    BatchQueryHandler(BatchRows batches, BatchHistory history, BatchPayouts payouts, ListCatchUp catchUp,
                      StreamHeads heads) {
        this.catchUp = catchUp;
        this.heads = heads;
        this.batches = batches;
        this.history = history;
        this.payouts = payouts;
    }

    /**
     * The batch as the read model shows it when its row has applied the batch's newest stored event, otherwise as its
     * stored events make it; its payouts each as of their newest event (ADR-0018). Another mode's batch is not found.
     */
    @QueryHandler
    BatchDetails handle(FindBatchQuery query) {
        String id = query.batchId().value();
        Optional<BatchRow> projected = batches.find(id, query.mode())
                .filter(found -> heads.current(id, found.row().version(), found.head())).map(BatchRows.Found::row)
                .filter(row -> row.payoutIds() != null);
        if (projected.isPresent()) {
            List<PayoutSummary> listed = payouts.of(query.mode(), id, projected.get().payoutIds());
            if (listed.size() >= projected.get().payoutCount()) {
                return new BatchDetails(projected.get().toSummary(), listed);
            }
        }
        // behind the batch's newest event, written before rows kept the payouts' order, or the payout projection
        // has not written all its payouts yet
        BatchRow folded = history.fold(id).filter(batch -> batch.mode() == query.mode())
                .orElseThrow(() -> new BatchNotFoundException(id));
        return new BatchDetails(folded.toSummary(), payouts.of(query.mode(), id, folded.payoutIds()));
    }

    /** Newest first; the status filter is optional. */
    @QueryHandler
    BatchPage handle(FindBatchesQuery query) {
        catchUp.await(ProcessingGroups.BATCH_PROJECTION);
        ResultPage<BatchRow> page = batches.page(query.mode(), query.status(), query.scheduledOnly(),
                query.pageRequest());
        return new BatchPage(new ResultPage<>(page.items().stream().map(BatchRow::toSummary).toList(), page.total(),
                page.page(), page.pageSize()));
    }

    /** upcomingTotal: the amount of the scheduled batches still queued; nextScheduled: the earliest of them. */
    @QueryHandler
    ScheduledBatchStats handle(FindScheduledBatchStatsQuery query) {
        catchUp.await(ProcessingGroups.BATCH_PROJECTION);
        Map<BatchStatus, Long> byStatus = new EnumMap<>(BatchStatus.class);
        for (BatchStatus status : BatchStatus.values()) {
            byStatus.put(status, 0L);
        }
        byStatus.putAll(batches.scheduledByStatus(query.mode()));
        long total = byStatus.values().stream().mapToLong(Long::longValue).sum();
        return new ScheduledBatchStats(total, byStatus, batches.scheduledQueuedAmount(query.mode()),
                batches.nextScheduled(query.mode()).orElse(null));
    }
}
