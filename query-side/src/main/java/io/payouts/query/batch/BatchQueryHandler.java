package io.payouts.query.batch;

import io.payouts.query.consistency.ProjectionProgress;
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
import org.axonframework.queryhandling.QueryHandler;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.Sort;
import org.springframework.stereotype.Component;

import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;

@Component
class BatchQueryHandler {

    private static final Sort NEWEST_FIRST = Sort.by(Sort.Order.desc("createdAt"), Sort.Order.desc("id"));

    private final BatchViewRepository batches;
    private final BatchPayouts payouts;
    private final ProjectionProgress progress;
    private final Duration readYourWritesTimeout;

    BatchQueryHandler(BatchViewRepository batches, BatchPayouts payouts, ProjectionProgress progress,
                      @Value("${payouts.read-your-writes.timeout:10s}") Duration readYourWritesTimeout) {
        this.batches = batches;
        this.payouts = payouts;
        this.progress = progress;
        this.readYourWritesTimeout = readYourWritesTimeout;
    }

    /** Waits for {@code minVersion} of the batch's stream first (ADR-0005); another mode's batch is not found. */
    @QueryHandler
    BatchDetails handle(FindBatchQuery query) {
        String id = query.batchId().value();
        progress.requireApplied(id, query.minVersion(), () -> batches.findVersionById(id).orElse(-1L),
                readYourWritesTimeout);
        BatchView batch = batches.findByIdAndMode(id, query.mode()).orElseThrow(() -> new BatchNotFoundException(id));
        return new BatchDetails(batch.toSummary(), payouts.of(query.mode(), id));
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
