package io.payouts.query.batch;

import io.payouts.query.consistency.DiscardedStreams;
import io.payouts.query.consistency.ConsistencyFixtures;
import io.payouts.query.payout.PayoutFixtures;
import io.payouts.testsupport.DatabaseTest;
import io.payouts.query.QuerySideDatabase;
import io.payouts.testsupport.ReadModelDatabase;
import io.payouts.shared.Mode;
import io.payouts.shared.PageRequest;
import io.payouts.shared.batch.BatchPage;
import io.payouts.shared.batch.BatchStatus;
import io.payouts.shared.batch.FindBatchesQuery;
import io.payouts.shared.batch.FindScheduledBatchStatsQuery;
import io.payouts.shared.batch.ScheduledBatchStats;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import static io.payouts.query.batch.BatchFixtures.batch;
import static io.payouts.query.batch.BatchFixtures.id;
import static org.assertj.core.api.Assertions.assertThat;

/** The batch list of a mode (newest first, by status, scheduled only) and its scheduled batches' stats. */
@DatabaseTest
class BatchListTest {

    private static final ReadModelDatabase DATABASE = QuerySideDatabase.migrated();
    private static final Instant CREATED_AT = Instant.parse("2025-01-15T09:00:00Z");
    private static final Instant TOMORROW = Instant.parse("2025-01-16T23:30:00Z");
    private static final Instant NEXT_WEEK = Instant.parse("2025-01-22T23:30:00Z");

    private final BatchRows rows = new BatchRows(DATABASE.jdbc());
    private final BatchQueryHandler handler = new BatchQueryHandler(rows, new BatchHistory(DATABASE.eventStore(), DiscardedStreams.NONE),
            PayoutFixtures.batchPayouts(DATABASE.jdbc(), DATABASE.eventStore()),
            ConsistencyFixtures.noProcessors(DATABASE.jdbc()),
            ConsistencyFixtures.streamHeads(DATABASE.jdbc()));

    @BeforeEach
    void startFromNothing() {
        DATABASE.empty();
    }

    @Test
    void listsTheModesBatchesNewestFirst() {
        rows.upsert(List.of(
                batch(1, Mode.SANDBOX, BatchStatus.QUEUED, null, CREATED_AT),
                batch(2, Mode.SANDBOX, BatchStatus.COMPLETED, null, CREATED_AT.plusSeconds(60)),
                batch(3, Mode.SANDBOX, BatchStatus.QUEUED, TOMORROW, CREATED_AT),
                batch(4, Mode.PRODUCTION, BatchStatus.QUEUED, null, CREATED_AT.plusSeconds(120))));

        BatchPage page = handler.handle(new FindBatchesQuery(Mode.SANDBOX, null, false, new PageRequest(1, 20)));

        assertThat(page.page().items()).extracting(summary -> summary.id().value())
                .as("newest first, the later id first among equals").containsExactly(id(2), id(3), id(1));
        assertThat(page.page().total()).isEqualTo(3);
        assertThat(page.page().items().get(1)).isEqualTo(batch(3, Mode.SANDBOX, BatchStatus.QUEUED, TOMORROW,
                CREATED_AT).toSummary());
    }

    @Test
    void theStatusFilterListsThatStatusOnly() {
        rows.upsert(List.of(
                batch(1, Mode.SANDBOX, BatchStatus.FAILED, null, CREATED_AT),
                batch(2, Mode.SANDBOX, BatchStatus.COMPLETED, null, CREATED_AT),
                batch(3, Mode.SANDBOX, BatchStatus.FAILED, TOMORROW, CREATED_AT.plusSeconds(1))));

        BatchPage page = handler.handle(new FindBatchesQuery(Mode.SANDBOX, BatchStatus.FAILED, false,
                new PageRequest(1, 20)));

        assertThat(page.page().items()).extracting(summary -> summary.id().value()).containsExactly(id(3), id(1));
        assertThat(page.page().total()).isEqualTo(2);
    }

    @Test
    void scheduledOnlyListsTheBatchesWithASchedule() {
        rows.upsert(List.of(
                batch(1, Mode.SANDBOX, BatchStatus.QUEUED, null, CREATED_AT),
                batch(2, Mode.SANDBOX, BatchStatus.COMPLETED, TOMORROW, CREATED_AT),
                batch(3, Mode.SANDBOX, BatchStatus.QUEUED, NEXT_WEEK, CREATED_AT.plusSeconds(1))));

        BatchPage all = handler.handle(new FindBatchesQuery(Mode.SANDBOX, null, true, new PageRequest(1, 20)));
        BatchPage queued = handler.handle(new FindBatchesQuery(Mode.SANDBOX, BatchStatus.QUEUED, true,
                new PageRequest(1, 20)));

        assertThat(all.page().items()).extracting(summary -> summary.id().value()).containsExactly(id(3), id(2));
        assertThat(queued.page().items()).extracting(summary -> summary.id().value()).containsExactly(id(3));
        assertThat(queued.page().total()).isEqualTo(1);
    }

    @Test
    void aPageHoldsItsSliceAndCountsTheWholeList() {
        for (int n = 1; n <= 5; n++) {
            rows.upsert(List.of(batch(n, Mode.SANDBOX, BatchStatus.QUEUED, null, CREATED_AT.plusSeconds(n))));
        }

        BatchPage page = handler.handle(new FindBatchesQuery(Mode.SANDBOX, null, false, new PageRequest(3, 2)));

        assertThat(page.page().items()).extracting(summary -> summary.id().value()).containsExactly(id(1));
        assertThat(page.page()).extracting(p -> p.total(), p -> p.page(), p -> p.pageSize())
                .containsExactly(5L, 3, 2);
    }

    @Test
    void theScheduledStatsCountTheScheduledBatchesAndWhatTheQueuedOnesWillTake() {
        rows.upsert(List.of(
                batch(1, Mode.SANDBOX, BatchStatus.QUEUED, NEXT_WEEK, CREATED_AT),
                batch(2, Mode.SANDBOX, BatchStatus.QUEUED, TOMORROW, CREATED_AT),
                batch(4, Mode.SANDBOX, BatchStatus.PROCESSING, CREATED_AT, CREATED_AT),
                batch(8, Mode.SANDBOX, BatchStatus.COMPLETED, CREATED_AT, CREATED_AT),
                batch(16, Mode.SANDBOX, BatchStatus.QUEUED, null, CREATED_AT),
                batch(32, Mode.PRODUCTION, BatchStatus.QUEUED, CREATED_AT, CREATED_AT)));

        ScheduledBatchStats stats = handler.handle(new FindScheduledBatchStatsQuery(Mode.SANDBOX));

        assertThat(stats).isEqualTo(new ScheduledBatchStats(4, Map.of(BatchStatus.QUEUED, 2L,
                BatchStatus.PROCESSING, 1L, BatchStatus.COMPLETED, 1L, BatchStatus.FAILED, 0L,
                BatchStatus.PENDING_APPROVAL, 0L, BatchStatus.REJECTED, 0L), 3_000, TOMORROW));
    }

    @Test
    void aModeWithoutScheduledBatchesHasEmptyStats() {
        rows.upsert(List.of(batch(1, Mode.SANDBOX, BatchStatus.QUEUED, null, CREATED_AT)));

        ScheduledBatchStats stats = handler.handle(new FindScheduledBatchStatsQuery(Mode.SANDBOX));

        assertThat(stats).isEqualTo(new ScheduledBatchStats(0, Map.of(BatchStatus.QUEUED, 0L,
                BatchStatus.PROCESSING, 0L, BatchStatus.COMPLETED, 0L, BatchStatus.FAILED, 0L,
                BatchStatus.PENDING_APPROVAL, 0L, BatchStatus.REJECTED, 0L), 0, null));
    }
}
