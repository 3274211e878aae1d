package io.payouts.query.batch;

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
import io.payouts.shared.payout.PayoutSummary;
import org.axonframework.queryhandling.QueryHandler;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.Sort;
import org.springframework.stereotype.Component;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

@Component
class BatchQueryHandler {

    private static final Sort NEWEST_FIRST = Sort.by(Sort.Order.desc("createdAt"), Sort.Order.desc("id"));

    private final BatchViewRepository batches;
    private final BatchHistory history;
    private final BatchPayouts payouts;
    private final StreamHeads heads;

    BatchQueryHandler(BatchViewRepository batches, BatchHistory history, BatchPayouts payouts, StreamHeads heads) {
        this.batches = batches;
        this.history = history;
        this.payouts = payouts;
        this.heads = heads;
    }

    /**
     * The batch as the read model shows it when its row has applied the batch's newest stored event, otherwise as its
     * stored events make it; its payouts each as of their newest event (ADR-0018). Another mode's batch is not found.
     */
    @QueryHandler
    BatchDetails handle(FindBatchQuery query) {
        String id = query.batchId().value();
        Optional<BatchView> projected = batches.findByIdAndMode(id, query.mode())
                .filter(batch -> batch.version() >= heads.headOf(id));
        if (projected.isPresent()) {
            List<PayoutSummary> listed = payouts.of(query.mode(), id, Optional.empty());
            if (listed.size() >= projected.get().toSummary().payoutCount()) {
                return new BatchDetails(projected.get().toSummary(), listed);
            }
        }
        // behind the batch's newest event, or the payout projection has not written all its payouts yet
        BatchHistory.Folded folded = history.fold(id).filter(batch -> batch.batch().mode() == query.mode())
                .orElseThrow(() -> new BatchNotFoundException(id));
        return new BatchDetails(folded.batch().toSummary(),
                payouts.of(query.mode(), id, Optional.of(folded.payoutIds())));
    }

    /** Newest first; the status filter is optional. */
    @QueryHandler
    BatchPage handle(FindBatchesQuery query) {
        Pageable pageable = org.springframework.data.domain.PageRequest.of(query.pageRequest().page() - 1,
                query.pageRequest().pageSize(), NEWEST_FIRST);
        Page<BatchView> page;
        if (query.scheduledOnly()) {
            page = query.status() == null
                    ? batches.findByModeAndScheduledForIsNotNull(query.mode(), pageable)
                    : batches.findByModeAndStatusAndScheduledForIsNotNull(query.mode(), query.status(), pageable);
        } else {
            page = query.status() == null
                    ? batches.findByMode(query.mode(), pageable)
                    : batches.findByModeAndStatus(query.mode(), query.status(), pageable);
        }
        return new BatchPage(new ResultPage<>(page.map(BatchView::toSummary).getContent(), page.getTotalElements(),
                query.pageRequest().page(), query.pageRequest().pageSize()));
    }

    /** upcomingTotal: the amount of the scheduled batches still queued; nextScheduled: the earliest of them. */
    @QueryHandler
    ScheduledBatchStats handle(FindScheduledBatchStatsQuery query) {
        Map<BatchStatus, Long> byStatus = new EnumMap<>(BatchStatus.class);
        for (BatchStatus status : BatchStatus.values()) {
            byStatus.put(status, 0L);
        }
        long total = 0;
        for (Object[] row : batches.countScheduledByStatus(query.mode())) {
            long count = (Long) row[1];
            byStatus.put((BatchStatus) row[0], count);
            total += count;
        }
        return new ScheduledBatchStats(total, byStatus, batches.sumScheduledQueuedAmount(query.mode()),
                batches.findNextScheduled(query.mode()).orElse(null));
    }
}
