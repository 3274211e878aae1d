package io.payouts.rail;

import io.payouts.platform.tables.PlannedForItsValues;
import io.payouts.shared.payout.PayoutId;
import io.payouts.testsupport.DatabaseTest;
import io.payouts.testsupport.ReadModelDatabase;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The simulated rail's steps on PostgreSQL: a round claims due steps and deletes exactly those it ran, with one
 * statement each, planned for the steps at hand.
 */
@DatabaseTest
class RailJobsTest {

    private static final ReadModelDatabase DATABASE = ReadModelDatabase.migrated("payout-rail");
    private static final Instant NOW = Instant.parse("2025-01-15T09:00:00Z");

    private final JdbcTemplate jdbc = DATABASE.jdbc();
    private final RailJobs jobs = new RailJobs(jdbc);
    private final TransactionTemplate transaction = new TransactionTemplate(
            new DataSourceTransactionManager(jdbc.getDataSource()));

    @BeforeEach
    void startFromNothing() {
        jdbc.execute("truncate table rail_job");
    }

    @Test
    void aRoundDeletesTheStepsItRanAndLeavesTheNextOnesPlannedMeanwhile() {
        jobs.scheduleAll(List.of(planned(1, RailStep.QUEUE, NOW), planned(2, RailStep.QUEUE, NOW),
                planned(3, RailStep.QUEUE, NOW.plusSeconds(60))));

        List<RailJobs.RailJob> ran = transaction.execute(status -> {
            List<RailJobs.RailJob> due = jobs.claimDue(NOW, 500);
            jobs.scheduleAll(List.of(planned(1, RailStep.PROCESS, NOW)));
            jobs.deleteAll(due);
            return due;
        });

        assertThat(ran).extracting(RailJobs.RailJob::payoutId).containsExactlyInAnyOrder(payout(1), payout(2));
        assertThat(jdbc.queryForList("select payout_id || ' ' || step from rail_job order by payout_id",
                String.class)).containsExactly(payout(1).value() + " PROCESS", payout(3).value() + " QUEUE");
    }

    @Test
    void aFullTableIsClaimedAndEmptiedAfterThePlansWereMadeOnAnEmptyOne() {
        for (int round = 0; round < 10; round++) {
            transaction.executeWithoutResult(status -> jobs.deleteAll(jobs.claimDue(NOW, 500)));
        }
        List<RailJobs.Planned> many = IntStream.rangeClosed(1, 5_000)
                .mapToObj(n -> planned(n, RailStep.COMPLETE, NOW)).toList();
        jobs.scheduleAll(many);

        List<Integer> claimed = new ArrayList<>();
        Integer size;
        do {
            size = transaction.execute(status -> {
                List<RailJobs.RailJob> due = jobs.claimDue(NOW, 500);
                jobs.deleteAll(due);
                return due.size();
            });
            claimed.add(size);
        } while (size != null && size > 0);

        assertThat(claimed.stream().mapToInt(Integer::intValue).sum()).isEqualTo(5_000);
        assertThat(jdbc.queryForObject("select count(*) from rail_job", Long.class)).isZero();
    }

    @Test
    void aStatementRunsPlannedForItsValuesAndTheRestOfTheTransactionAsConfigured() {
        List<String> seen = new ArrayList<>();

        transaction.executeWithoutResult(status -> {
            PlannedForItsValues.run(jdbc, () -> seen.add(jdbc.queryForObject("show plan_cache_mode", String.class)));
            seen.add(jdbc.queryForObject("show plan_cache_mode", String.class));
        });

        assertThat(seen).containsExactly("force_custom_plan", "auto");
    }

    private static RailJobs.Planned planned(int payout, RailStep step, Instant dueAt) {
        return new RailJobs.Planned(payout(payout), step, dueAt, 1);
    }

    private static PayoutId payout(int n) {
        return new PayoutId(String.format("pay_%032x", n));
    }
}
