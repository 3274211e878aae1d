package io.payouts.query.payout;

import io.payouts.query.QuerySideDatabase;
import io.payouts.query.consistency.DayCounts;
import io.payouts.shared.Mode;
import io.payouts.shared.PageRequest;
import io.payouts.shared.payout.PayoutStatus;
import io.payouts.shared.payout.Rail;
import io.payouts.testsupport.DatabaseTest;
import io.payouts.testsupport.ReadModelDatabase;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static io.payouts.query.payout.PayoutFixtures.id;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The payout list's totals and the amounts' sums are kept as the rows change: for every mode and status they equal a
 * count (a sum) of the rows, through new payouts, moves between statuses, writes older than the stored row, a mode
 * forgotten and payouts requested either side of midnight; the migrations count the rows already stored the same way.
 */
@DatabaseTest
class PayoutCountsTest {

    private static final ReadModelDatabase DATABASE = QuerySideDatabase.migrated();
    private static final String DRIVER = "drv_" + "0".repeat(31) + "1";
    private static final Instant MIDNIGHT = Instant.parse("2025-01-16T00:00:00Z");

    private final PayoutRows rows = new PayoutRows(DATABASE.jdbc());

    @BeforeEach
    void startFromNothing() {
        DATABASE.empty();
    }

    @Test
    void theKeptTotalsEqualTheRowsThroughAGeneratedLife() {
        Random random = new Random(20261127);
        Map<String, PayoutRow> stored = new HashMap<>();
        for (int round = 0; round < 40; round++) {
            List<PayoutRow> written = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
                int n = 1 + random.nextInt(60);
                PayoutRow was = stored.get(id(n));
                // one write in three is no newer than the stored row, as a redelivered batch's
                int version = was == null ? 0 : (int) was.version() + random.nextInt(3) - 1;
                if (written.stream().noneMatch(row -> row.id().equals(id(n)))) {
                    written.add(row(n, status(random), Math.max(version, 0)));
                }
            }
            rows.upsert(rows.byIds(written.stream().map(PayoutRow::id).toList()), written);
            written.forEach(row -> stored.merge(row.id(), row,
                    (old, now) -> now.version() > old.version() ? now : old));
            if (round == 30) {
                rows.deleteMode(Mode.PRODUCTION);
                stored.values().removeIf(row -> row.mode() == Mode.PRODUCTION);
            }
            if (round % 5 == 4) {
                assertTotalsEqualTheRows();
                assertAmountsEqualTheRows();
            }
        }
        assertThat(DATABASE.jdbc().queryForObject("select count(*) from payout_count where payouts <= 0", Long.class))
                .as("a count that fell to nothing has no row").isZero();
    }

    @Test
    void aPageCountsFromTheKeptTotals() {
        rows.upsert(Map.of(), List.of(row(1, PayoutStatus.QUEUED, 0), row(2, PayoutStatus.FAILED, 0),
                row(3, PayoutStatus.QUEUED, 0)));
        DATABASE.jdbc().update("insert into payout_count values ('PRODUCTION', 'QUEUED', '2020-01-01', 100)");

        assertThat(rows.page(Mode.PRODUCTION, PayoutStatus.QUEUED, null, null, null, new PageRequest(1, 20)).total())
                .as("the total is read from the kept counts, not counted")
                .isEqualTo(rows(Mode.PRODUCTION, PayoutStatus.QUEUED) + 100);
    }

    @Test
    void theMigrationCountsTheStoredRowsAsTheProjectionDoes() throws IOException {
        Random random = new Random(7);
        List<PayoutRow> written = new ArrayList<>();
        for (int n = 1; n <= 50; n++) {
            written.add(row(n, status(random), 0));
        }
        rows.upsert(Map.of(), written);
        List<Map<String, Object>> kept = counts();

        DATABASE.jdbc().update("delete from payout_count");
        DATABASE.jdbc().execute(backfillOfTheMigration());

        assertThat(counts()).isEqualTo(kept);
    }

    @Test
    void theInFlightSumIsReadFromTheKeptAmounts() {
        rows.upsert(Map.of(), List.of(row(1, PayoutStatus.QUEUED, 0), row(3, PayoutStatus.PROCESSING, 0),
                row(5, PayoutStatus.COMPLETED, 0)));
        DATABASE.jdbc().update("insert into payout_amount values ('PRODUCTION', 'QUEUED', '2020-01-01', 7)");

        assertThat(rows.sumOfAmounts(Mode.PRODUCTION, List.of(PayoutStatus.QUEUED, PayoutStatus.PROCESSING)))
                .isEqualTo(2_000 + 7);
    }

    @Test
    void theAmountsMigrationSumsTheStoredRowsAsTheProjectionDoes() throws IOException {
        Random random = new Random(11);
        List<PayoutRow> written = new ArrayList<>();
        for (int n = 1; n <= 50; n++) {
            written.add(row(n, status(random), 0));
        }
        rows.upsert(Map.of(), written);
        List<Map<String, Object>> kept = DATABASE.jdbc().queryForList(
                "select * from payout_amount order by mode, status, day");

        DATABASE.jdbc().update("delete from payout_amount");
        DATABASE.jdbc().execute(backfillOf("V49__kept_payout_amounts.sql", "insert into payout_amount"));

        assertThat(DATABASE.jdbc().queryForList("select * from payout_amount order by mode, status, day"))
                .isEqualTo(kept).isNotEmpty();
    }

    /** For each mode and status, the kept sum of the amounts against a sum over the rows. */
    private static void assertAmountsEqualTheRows() {
        for (Mode mode : Mode.values()) {
            for (PayoutStatus status : PayoutStatus.values()) {
                assertThat(PayoutCounts.amountsOf(DATABASE.jdbc()).count(mode, status.name(), null, null))
                        .as("%s %s amounts", mode, status).isEqualTo(DATABASE.jdbc().queryForObject(
                                "select coalesce(sum(amount), 0) from payout_view where mode = ? and status = ?",
                                Long.class, mode.name(), status.name()));
            }
        }
    }

    /** For each mode and status (or none): over every day, and on each of the two days the payouts are requested. */
    private static void assertTotalsEqualTheRows() {
        DayCounts counts = PayoutCounts.of(DATABASE.jdbc());
        Map<String, Long> rows = new HashMap<>();
        DATABASE.jdbc().query("""
                select mode, status, (requested_at at time zone 'UTC')::date, count(*) from payout_view
                group by 1, 2, 3""", row -> {
            String day = row.getString(3);
            for (String key : List.of(row.getString(1), row.getString(1) + " " + row.getString(2),
                    row.getString(1) + " " + day, row.getString(1) + " " + row.getString(2) + " " + day)) {
                rows.merge(key, row.getLong(4), Long::sum);
            }
        });
        for (Mode mode : Mode.values()) {
            List<PayoutStatus> statuses = new ArrayList<>(List.of(PayoutStatus.values()));
            statuses.add(null);
            for (PayoutStatus status : statuses) {
                String key = status == null ? mode.name() : mode.name() + " " + status.name();
                String category = status == null ? null : status.name();
                assertThat(counts.count(mode, category, null, null)).as(key).isEqualTo(rows.getOrDefault(key, 0L));
                for (LocalDate day : List.of(LocalDate.of(2025, 1, 15), LocalDate.of(2025, 1, 16))) {
                    assertThat(counts.count(mode, category, day, day)).as("%s on %s", key, day)
                            .isEqualTo(rows.getOrDefault(key + " " + day, 0L));
                }
            }
        }
    }

    private static long rows(Mode mode, PayoutStatus status) {
        return DATABASE.jdbc().queryForObject("select count(*) from payout_view where mode = ? and status = ?",
                Long.class, mode.name(), status.name());
    }

    private static List<Map<String, Object>> counts() {
        return DATABASE.jdbc().queryForList("select * from payout_count order by mode, status, day");
    }

    private static PayoutStatus status(Random random) {
        return PayoutStatus.values()[random.nextInt(PayoutStatus.values().length)];
    }

    /** Payout {@code n}: odd ones in production, requested either side of midnight, a later version each write. */
    private static PayoutRow row(int n, PayoutStatus status, int version) {
        return new PayoutRow(id(n), n % 2 == 0 ? Mode.SANDBOX : Mode.PRODUCTION, DRIVER, 1_000, 0, 1_000, status,
                Rail.STANDARD, null, null, null, null, MIDNIGHT.plus(Duration.ofMinutes(7L * (n % 5) - 14)), null,
                null, null, null, null, null, null, version);
    }

    private static String backfillOfTheMigration() throws IOException {
        return backfillOf("V42__kept_list_counts.sql", "insert into payout_count");
    }

    private static String backfillOf(String migrationFile, String statement) throws IOException {
        try (InputStream in = PayoutCountsTest.class.getResourceAsStream("/db/migration/query-side/" + migrationFile)) {
            String migration = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            int insert = migration.indexOf(statement);
            return migration.substring(insert, migration.indexOf(';', insert) + 1);
        }
    }
}
