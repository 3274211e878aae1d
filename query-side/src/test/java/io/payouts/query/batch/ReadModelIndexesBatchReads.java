package io.payouts.query.batch;

import io.payouts.query.consistency.ConsistencyFixtures;
import io.payouts.query.consistency.DiscardedStreams;
import io.payouts.query.payout.PayoutFixtures;
import io.payouts.shared.Mode;
import io.payouts.shared.PageRequest;
import io.payouts.shared.batch.BatchId;
import io.payouts.shared.batch.BatchStatus;
import io.payouts.shared.batch.FindBatchQuery;
import io.payouts.shared.batch.FindBatchesQuery;
import io.payouts.shared.batch.FindScheduledBatchStatsQuery;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.springframework.jdbc.core.JdbcTemplate;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.IntStream;

import static io.payouts.query.ReadModelIndexesFixtures.batchId;

/** The batch reads the API serves, with each filter it offers, and the batch projection's load, by name. */
public final class ReadModelIndexesBatchReads {

    private static final Mode MODE = Mode.PRODUCTION;

    private ReadModelIndexesBatchReads() {
    }

    public static Map<String, Callable<?>> over(JdbcTemplate jdbc, EventStore events) {
        BatchRows rows = new BatchRows(jdbc);
        BatchQueryHandler batches = new BatchQueryHandler(rows, new BatchHistory(events, DiscardedStreams.NONE),
                PayoutFixtures.batchPayouts(jdbc, events), ConsistencyFixtures.noProcessors(jdbc),
                ConsistencyFixtures.streamHeads(jdbc));
        Map<String, Callable<?>> reads = new LinkedHashMap<>();
        reads.put("GET /batches/{id} with its payouts", () -> batches.handle(new FindBatchQuery(MODE,
                new BatchId(batchId(1_234)))).payouts());
        reads.put("GET /batches", () -> list(batches, null, false, 1));
        reads.put("GET /batches page 50", () -> list(batches, null, false, 50));
        reads.put("GET /batches?status=QUEUED", () -> list(batches, BatchStatus.QUEUED, false, 1));
        reads.put("GET /batches?status=FAILED", () -> list(batches, BatchStatus.FAILED, false, 1));
        reads.put("GET /scheduled-payouts", () -> list(batches, null, true, 1));
        reads.put("GET /scheduled-payouts?status=QUEUED", () -> list(batches, BatchStatus.QUEUED, true, 1));
        reads.put("GET /scheduled-payouts/stats", () -> batches.handle(new FindScheduledBatchStatsQuery(MODE)));
        reads.put("batch projection: load rows by id", () -> rows.byIds(IntStream.rangeClosed(1_001, 1_050)
                .mapToObj(n -> batchId(n)).toList()));
        return reads;
    }

    private static List<?> list(BatchQueryHandler batches, BatchStatus status, boolean scheduledOnly, int page) {
        return batches.handle(new FindBatchesQuery(MODE, status, scheduledOnly, new PageRequest(page, 20))).page()
                .items();
    }
}
