package io.payouts.query.driver;

import io.payouts.query.QuerySideDatabase;
import io.payouts.query.consistency.DayCounts;
import io.payouts.shared.Mode;
import io.payouts.shared.PageRequest;
import io.payouts.shared.driver.DriverStatus;
import io.payouts.shared.driver.DriverStatusFilter;
import io.payouts.shared.driver.KycStatus;
import io.payouts.testsupport.DatabaseTest;
import io.payouts.testsupport.ReadModelDatabase;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The driver list's totals are kept as the rows change: for every mode and filter they equal a count of the rows,
 * through new drivers, moves between standings, writes older than the stored row and a mode forgotten; the migration
 * counts the rows already stored the same way.
 */
@DatabaseTest
class DriverCountsTest {

    private static final ReadModelDatabase DATABASE = QuerySideDatabase.migrated();
    private static final Instant MIDNIGHT = Instant.parse("2025-01-16T00:00:00Z");

    private final DriverRows rows = new DriverRows(DATABASE.jdbc());

    @BeforeEach
    void startFromNothing() {
        DATABASE.empty();
    }

    @Test
    void theKeptTotalsEqualTheRowsThroughAGeneratedLife() {
        Random random = new Random(20261128);
        Map<String, DriverRow> stored = new HashMap<>();
        for (int round = 0; round < 40; round++) {
            List<DriverRow> written = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
                int n = 1 + random.nextInt(60);
                DriverRow was = stored.get(id(n));
                // one write in three is no newer than the stored row, as a redelivered batch's
                int version = was == null ? 0 : (int) was.version() + random.nextInt(3) - 1;
                if (written.stream().noneMatch(row -> row.id().equals(id(n)))) {
                    written.add(row(n, DriverStatus.values()[random.nextInt(3)], KycStatus.values()[random.nextInt(3)],
                            Math.max(version, 0)));
                }
            }
            rows.upsert(rows.byIds(written.stream().map(DriverRow::id).toList()), written);
            written.forEach(row -> stored.merge(row.id(), row,
                    (old, now) -> now.version() > old.version() ? now : old));
            if (round == 30) {
                rows.deleteMode(Mode.PRODUCTION);
                stored.values().removeIf(row -> row.mode() == Mode.PRODUCTION);
            }
            if (round % 5 == 4) {
                assertTotalsEqualTheRows();
            }
        }
        assertThat(DATABASE.jdbc().queryForObject("select count(*) from driver_count where drivers <= 0", Long.class))
                .as("a count that fell to nothing has no row").isZero();
    }

    @Test
    void aPageCountsFromTheKeptTotals() {
        rows.upsert(Map.of(), List.of(row(1, DriverStatus.ACTIVE, KycStatus.VERIFIED, 0),
                row(3, DriverStatus.INVITED, KycStatus.PENDING, 0)));
        DATABASE.jdbc().update("insert into driver_count values ('PRODUCTION', 'ACTIVE/VERIFIED', '2020-01-01', 100)");

        assertThat(rows.page(Mode.PRODUCTION, DriverStatusFilter.ACTIVE, new PageRequest(1, 20)).total())
                .as("the total is read from the kept counts, not counted")
                .isEqualTo(101);
    }

    @Test
    void theMigrationCountsTheStoredRowsAsTheProjectionDoes() throws IOException {
        Random random = new Random(7);
        List<DriverRow> written = new ArrayList<>();
        for (int n = 1; n <= 50; n++) {
            written.add(row(n, DriverStatus.values()[random.nextInt(3)], KycStatus.values()[random.nextInt(3)], 0));
        }
        rows.upsert(Map.of(), written);
        List<Map<String, Object>> kept = counts();

        DATABASE.jdbc().update("delete from driver_count");
        DATABASE.jdbc().execute(backfillOfTheMigration());

        assertThat(counts()).isEqualTo(kept);
    }

    /** For each mode and filter (or none), against a count of the rows as the list filtered them before. */
    private static void assertTotalsEqualTheRows() {
        DayCounts counts = DriverCounts.of(DATABASE.jdbc());
        for (Mode mode : Mode.values()) {
            assertThat(counts.count(mode, DriverCounts.standingsOf(null), null, null)).as(mode.name())
                    .isEqualTo(rows(mode, ""));
            assertThat(counts.count(mode, DriverCounts.standingsOf(DriverStatusFilter.ACTIVE), null, null))
                    .as(mode + " active").isEqualTo(rows(mode, " and status = 'ACTIVE'"));
            assertThat(counts.count(mode, DriverCounts.standingsOf(DriverStatusFilter.INACTIVE), null, null))
                    .as(mode + " inactive").isEqualTo(rows(mode, " and status = 'INACTIVE'"));
            assertThat(counts.count(mode, DriverCounts.standingsOf(DriverStatusFilter.PENDING), null, null))
                    .as(mode + " pending").isEqualTo(rows(mode, " and status <> 'INACTIVE' and kyc_status <> 'VERIFIED'"));
        }
    }

    private static long rows(Mode mode, String filter) {
        return DATABASE.jdbc().queryForObject("select count(*) from driver_view where mode = ?" + filter, Long.class,
                mode.name());
    }

    private static List<Map<String, Object>> counts() {
        return DATABASE.jdbc().queryForList("select * from driver_count order by mode, standing, day");
    }

    private static String id(int n) {
        return "drv_" + "%032d".formatted(n);
    }

    /** Driver {@code n}: odd ones in production, registered either side of midnight. */
    private static DriverRow row(int n, DriverStatus status, KycStatus kyc, int version) {
        Instant registered = MIDNIGHT.plus(Duration.ofMinutes(7L * (n % 5) - 14));
        return new DriverRow(id(n), n % 2 == 0 ? Mode.SANDBOX : Mode.PRODUCTION, "fleet-" + n, "Ana Silva",
                "ana@example.com", "+14155550123", status, kyc, registered, registered, version);
    }

    private static String backfillOfTheMigration() throws IOException {
        try (InputStream in = DriverCountsTest.class.getResourceAsStream(
                "/db/migration/query-side/V47__kept_driver_counts.sql")) {
            String migration = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            int insert = migration.indexOf("insert into driver_count");
            return migration.substring(insert, migration.indexOf(';', insert) + 1);
        }
    }
}
