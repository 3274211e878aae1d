package io.payouts.query;

import io.payouts.query.approval.ReadModelIndexesApprovalReads;
import io.payouts.query.bankaccount.ReadModelIndexesBankAccountReads;
import io.payouts.query.batch.ReadModelIndexesBatchReads;
import io.payouts.query.driver.ReadModelIndexesDriverReads;
import io.payouts.query.payout.ReadModelIndexesPayoutReads;
import io.payouts.query.wallet.ReadModelIndexesWalletReads;
import io.payouts.testsupport.DatabaseTest;
import io.payouts.testsupport.QueryPlans;
import io.payouts.testsupport.QueryPlans.Plan;
import io.payouts.testsupport.ReadModelDatabase;
import org.assertj.core.api.SoftAssertions;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;

import javax.sql.DataSource;
import java.sql.Connection;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An index on a read model stays only if a read the API serves uses it (or it enforces a rule, or serves the
 * projections' writes): every read of the query side runs through its real classes over the read models filled at
 * production scale ({@link ReadModelIndexesFixtures}), each statement it ran is explained with its own parameters, and
 * no list or lookup may read a big table whole.
 */
@DatabaseTest
class ReadModelIndexesTest {

    private static final ReadModelDatabase DATABASE = QuerySideDatabase.migrated();

    /**
     * The read models' tables: every table the query side's migrations make but the command side's svcDriverId claims
     * (driver_svc_id_claim) and db-scheduler's scheduled_tasks, which no read of this module touches.
     */
    private static final List<String> TABLES = List.of("driver_view", "driver_count", "driver_totals",
            "driver_bank_account_view",
            "payout_view", "payout_count", "payout_amount", "batch_view", "wallet_balance_view", "top_up_view",
            "funding_transaction_view", "funding_transaction_count", "funding_transaction_amount", "wallet_movement",
            "wallet_movement_hour", "wallet_movement_minute", "funding_alert_view", "approval_policy_view");

    /** Tables a read may scan whole, and why that stays cheap however many payouts there are. */
    private static final Map<String, String> SMALL_TABLES = Map.ofEntries(
            Map.entry("wallet_balance_view", "a row per mode"),
            Map.entry("funding_alert_view", "a row per mode"),
            Map.entry("approval_policy_view", "a row per mode"),
            Map.entry("payout_count", "a row per mode, status and day"),
            Map.entry("payout_amount", "a row per mode, status and day"),
            Map.entry("driver_count", "a row per mode, standing and day"),
            Map.entry("funding_transaction_count", "a row per mode, type and day"),
            Map.entry("funding_transaction_amount", "a row per mode, type and day"),
            Map.entry("wallet_movement_hour", "a row per mode and hour, all of them before its instant summed by a"
                    + " balance as of it"));

    /**
     * Reads that may scan a big table whole at this scale: the lists whose total counts the mode's rows (batches,
     * top-ups) rather than reading a kept count (ADR-0045, ADR-0048), the batches' deep pages sorted in memory, and a
     * statement of the whole history. A count over a few thousand rows is as cheap whole as through an index, so the
     * planner may choose either from one analysis to the next: these may read whole, any other read may not.
     */
    private static final Map<String, Set<String>> KNOWN_WHOLE_READS = Map.ofEntries(
            Map.entry("GET /batches", Set.of("batch_view")),
            Map.entry("GET /batches page 50", Set.of("batch_view")),
            Map.entry("GET /funding/statements 60 days", Set.of("funding_transaction_view")),
            Map.entry("GET /funding/topups", Set.of("top_up_view")),
            Map.entry("GET /funding/topups?status=settled page 50", Set.of("top_up_view")));

    /** Indexes no read uses, and what they are kept for. */
    private static final Map<String, String> KEPT_WITHOUT_A_READ = Map.of(
            "approval_policy_view_pkey", "a row per mode: the projection's upsert on conflict (mode)",
            "funding_alert_view_pkey", "a row per mode: the projection's upserts on conflict (mode)",
            "wallet_balance_view_pkey", "the wallet projection's upsert on conflict (id)",
            "wallet_balance_view_mode_key", "one wallet per mode",
            "wallet_movement_pkey", "a movement met again adds nothing: on conflict (global_position) do nothing",
            "wallet_movement_hour_pkey", "the hours' sums' upsert on conflict (mode, hour)",
            "funding_transaction_count_pkey", "the kept counts' upsert on conflict (mode, type, day)",
            "driver_count_pkey", "the kept counts' upsert on conflict (mode, standing, day)",
            "payout_amount_pkey", "the kept amounts' upsert on conflict (mode, status, day)",
            "funding_transaction_amount_pkey", "the kept amounts' upsert on conflict (mode, type, day)");

    private static final Map<String, Object> ANSWERS = new LinkedHashMap<>();
    private static final Map<String, List<Plan>> PLANS = new LinkedHashMap<>();

    /** Each read runs in a transaction rolled back after it, so a projection's write leaves the rows as filled. */
    @BeforeAll
    static void runAndExplainEveryRead() throws Exception {
        long start = System.nanoTime();
        ReadModelIndexesFixtures.fill(DATABASE.jdbc());
        System.out.printf("filled and analyzed in %d ms%n", (System.nanoTime() - start) / 1_000_000);
        DataSource database = DATABASE.jdbc().getDataSource();
        QueryPlans.Recorder recorder = QueryPlans.recording(database);
        try (Connection connection = recorder.dataSource().getConnection()) {
            connection.setAutoCommit(false);
            JdbcTemplate jdbc = new JdbcTemplate(new SingleConnectionDataSource(connection, true));
            for (Map.Entry<String, Callable<?>> read : reads(jdbc).entrySet()) {
                ANSWERS.put(read.getKey(), read.getValue().call());
                connection.rollback();
                List<Plan> plans = recorder.take().stream().map(statement -> QueryPlans.plan(database, statement))
                        .toList();
                PLANS.put(read.getKey(), plans);
                System.out.printf("%-66s indexes %s, whole %s%n", read.getKey(), plans.stream()
                        .flatMap(plan -> plan.indexes().stream()).collect(Collectors.toCollection(TreeSet::new)),
                        wholeReadModels(plans));
            }
        }
    }

    private static Set<String> wholeReadModels(List<Plan> plans) {
        return plans.stream().flatMap(plan -> plan.seqScanned().stream()).filter(TABLES::contains)
                .collect(Collectors.toCollection(TreeSet::new));
    }

    private static Set<String> bigTablesReadWhole(List<Plan> plans) {
        Set<String> whole = wholeReadModels(plans);
        whole.removeAll(SMALL_TABLES.keySet());
        return whole;
    }

    private static Map<String, Callable<?>> reads(JdbcTemplate jdbc) {
        EventStore events = DATABASE.eventStore();
        Map<String, Callable<?>> reads = new LinkedHashMap<>();
        reads.putAll(ReadModelIndexesPayoutReads.over(jdbc, events));
        reads.putAll(ReadModelIndexesDriverReads.over(jdbc, events));
        reads.putAll(ReadModelIndexesBankAccountReads.over(jdbc, events));
        reads.putAll(ReadModelIndexesBatchReads.over(jdbc, events));
        reads.putAll(ReadModelIndexesWalletReads.over(jdbc));
        reads.putAll(ReadModelIndexesApprovalReads.over(jdbc));
        return reads;
    }

    @Test
    void everyReadAnswersFromTheFilledRows() {
        SoftAssertions.assertSoftly(softly -> ANSWERS.forEach((read, answer) -> {
            softly.assertThat(found(answer)).as("%s found something: %s", read, answer).isTrue();
            softly.assertThat(PLANS.get(read)).as("%s ran SQL", read).isNotEmpty();
        }));
    }

    @Test
    void noReadScansABigTableWholeBeyondTheKnownOnes() {
        SoftAssertions.assertSoftly(softly -> PLANS.forEach((read, plans) -> softly
                .assertThat(bigTablesReadWhole(plans)).as("big tables %s reads whole:%n%s", read, plans.stream()
                        .filter(plan -> !bigTablesReadWhole(List.of(plan)).isEmpty())
                        .map(plan -> plan.sql() + System.lineSeparator() + plan.json()).toList())
                .isSubsetOf(KNOWN_WHOLE_READS.getOrDefault(read, Set.of()))));
        assertThat(PLANS).as("reads known to scan whole").containsKeys(KNOWN_WHOLE_READS.keySet()
                .toArray(String[]::new));
    }

    @Test
    void everyIndexServesAReadOrIsKeptForAReason() {
        Set<String> used = PLANS.values().stream().flatMap(List::stream).flatMap(plan -> plan.indexes().stream())
                .collect(Collectors.toSet());
        List<QueryPlans.Index> indexes = QueryPlans.indexesOn(DATABASE.jdbc(), TABLES.toArray(String[]::new));
        Set<String> names = indexes.stream().map(QueryPlans.Index::name).collect(Collectors.toSet());

        assertThat(indexes).as("indexes no read uses and nothing keeps")
                .filteredOn(index -> !used.contains(index.name()) && !KEPT_WITHOUT_A_READ.containsKey(index.name()))
                .isEmpty();
        assertThat(KEPT_WITHOUT_A_READ.keySet()).as("indexes kept for a reason that are gone")
                .allMatch(names::contains);
    }

    /** The check sees a whole-table read: a filter no index serves is one. */
    @Test
    void aFilterNoIndexServesReadsTheTableWhole() {
        QueryPlans.Recorder recorder = QueryPlans.recording(DATABASE.jdbc().getDataSource());
        new JdbcTemplate(recorder.dataSource()).queryForList("select id from payout_view where description = ?",
                String.class, "payout 7");

        assertThat(QueryPlans.plan(DATABASE.jdbc().getDataSource(), recorder.take().get(0)).seqScanned())
                .containsExactly("payout_view");
    }

    private static boolean found(Object answer) {
        if (answer instanceof Collection<?> collection) {
            return !collection.isEmpty();
        }
        if (answer instanceof Map<?, ?> map) {
            return !map.isEmpty();
        }
        if (answer instanceof Optional<?> optional) {
            return optional.isPresent();
        }
        return answer != null;
    }
}
