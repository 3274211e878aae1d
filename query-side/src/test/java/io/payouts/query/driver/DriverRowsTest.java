package io.payouts.query.driver;

import io.payouts.testsupport.DatabaseTest;
import io.payouts.query.QuerySideDatabase;
import io.payouts.testsupport.ReadModelDatabase;
import io.payouts.shared.Mode;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.driver.DriverKycVerifiedEvent;
import io.payouts.shared.driver.DriverStatus;
import io.payouts.shared.driver.KycStatus;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code driver_view} through plain SQL, read with the payout projection's totals joined. */
@DatabaseTest
class DriverRowsTest {

    private static final ReadModelDatabase DATABASE = QuerySideDatabase.migrated();
    private static final String ANA = "drv_" + "0".repeat(31) + "1";
    private static final String BEN = "drv_" + "0".repeat(31) + "2";
    private static final Instant AT = Instant.parse("2025-01-15T09:00:00Z");

    private final DriverRows rows = new DriverRows(DATABASE.jdbc());

    @BeforeEach
    void startFromNothing() {
        DATABASE.empty();
    }

    @Test
    void storesEveryColumnOfANewRow() {
        DriverRow ana = new DriverRow(ANA, Mode.PRODUCTION, "fleet-42", "Ana Silva", "ana@example.com",
                "+14155550123", DriverStatus.ACTIVE, KycStatus.VERIFIED, AT, AT.plusSeconds(5), 3);

        write(ana);

        assertThat(rows.byIds(List.of(ANA))).containsExactlyEntriesOf(Map.of(ANA, ana));
    }

    @Test
    void aNewerVersionReplacesTheStoredRow() {
        write(driver(ANA, DriverStatus.INVITED, 0));

        write(driver(ANA, DriverStatus.ACTIVE, 1));

        assertThat(rows.byIds(List.of(ANA)).get(ANA).status()).isEqualTo(DriverStatus.ACTIVE);
    }

    @Test
    void anOlderOrEqualVersionNeverOverwritesTheStoredRow() {
        write(driver(ANA, DriverStatus.INACTIVE, 2));

        write(driver(ANA, DriverStatus.ACTIVE, 1));
        write(driver(ANA, DriverStatus.INVITED, 2));

        assertThat(rows.byIds(List.of(ANA))).containsEntry(ANA, driver(ANA, DriverStatus.INACTIVE, 2));
    }

    @Test
    void loadsOnlyTheRowsAskedForAndNothingForNoIds() {
        write(driver(ANA, DriverStatus.INVITED, 0), driver(BEN, DriverStatus.INVITED, 0));

        assertThat(rows.byIds(List.of(BEN, "drv_" + "f".repeat(32)))).containsOnlyKeys(BEN);
        assertThat(rows.byIds(List.of())).isEmpty();
    }

    @Test
    void findsTheDriverWithItsTotalsAndTheHeadOfItsStream() {
        write(driver(ANA, DriverStatus.ACTIVE, 1));
        DATABASE.jdbc().update("insert into driver_totals values (?, 12500, 2)", ANA);
        storeEvents(ANA, 3);

        DriverRows.Found found = rows.find(ANA, Mode.SANDBOX).orElseThrow();

        assertThat(found.row()).isEqualTo(driver(ANA, DriverStatus.ACTIVE, 1));
        assertThat(found.totals()).isEqualTo(new DriverRow.Totals(12_500, 2));
        assertThat(found.head()).isEqualTo(2);
    }

    @Test
    void findsADriverInItsOwnModeOnly() {
        write(driver(ANA, DriverStatus.ACTIVE, 1));

        assertThat(rows.find(ANA, Mode.PRODUCTION)).isEmpty();
        assertThat(rows.find(BEN, Mode.SANDBOX)).isEmpty();
    }

    @Test
    void aDriverWithoutPayoutsHasNoTotals() {
        write(driver(ANA, DriverStatus.ACTIVE, 1));

        assertThat(rows.find(ANA, Mode.SANDBOX).orElseThrow().totals()).isEqualTo(DriverRow.Totals.NONE);
        assertThat(rows.totalsOf(ANA)).isEqualTo(DriverRow.Totals.NONE);
    }

    @Test
    void theTotalsOfADriverNotProjectedAreReadAllTheSame() {
        DATABASE.jdbc().update("insert into driver_totals values (?, 700, 1)", BEN);

        assertThat(rows.totalsOf(BEN)).isEqualTo(new DriverRow.Totals(700, 1));
    }

    @Test
    void deleteAllEmptiesTheTable() {
        write(driver(ANA, DriverStatus.ACTIVE, 1), driver(BEN, DriverStatus.INVITED, 0));

        rows.deleteAll();

        assertThat(rows.byIds(List.of(ANA, BEN))).isEmpty();
    }

    /** Writes these rows as the projection does: from the rows as stored. */
    private void write(DriverRow... written) {
        rows.upsert(rows.byIds(Arrays.stream(written).map(DriverRow::id).toList()), List.of(written));
    }

    private static void storeEvents(String driverId, int count) {
        for (int sequence = 0; sequence < count; sequence++) {
            DATABASE.store(driverId, sequence, new DriverKycVerifiedEvent(new DriverId(driverId), Mode.SANDBOX, AT));
        }
    }

    private static DriverRow driver(String id, DriverStatus status, long version) {
        return new DriverRow(id, Mode.SANDBOX, "fleet-42", "Ana Silva", "ana@example.com", "+14155550123", status,
                KycStatus.PENDING, AT, AT, version);
    }
}
