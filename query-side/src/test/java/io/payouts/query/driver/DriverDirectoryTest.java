package io.payouts.query.driver;

import io.payouts.testsupport.DatabaseTest;
import io.payouts.query.QuerySideDatabase;
import io.payouts.testsupport.ReadModelDatabase;
import io.payouts.shared.Mode;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.driver.DriverRegisteredEvent;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** What other read models know of the projected drivers: whether one exists in a mode, and their names. */
@DatabaseTest
class DriverDirectoryTest {

    private static final ReadModelDatabase DATABASE = QuerySideDatabase.migrated();
    private static final DriverId ANA = new DriverId("drv_" + "0".repeat(31) + "1");
    private static final DriverId BEN = new DriverId("drv_" + "0".repeat(31) + "2");
    private static final DriverId MISSING = new DriverId("drv_" + "0".repeat(31) + "9");

    private final DriverDirectory directory = DriverFixtures.directory(DATABASE.jdbc(), DATABASE.eventStore());

    @BeforeEach
    void startFromNothing() {
        DATABASE.empty();
        DriverFixtures.projected(DATABASE.jdbc(), registered(ANA, Mode.SANDBOX, "Ana Silva"));
        DriverFixtures.projected(DATABASE.jdbc(), registered(BEN, Mode.PRODUCTION, "Ben Okafor"));
    }

    @Test
    void namesTheProjectedDriversOfEitherModeAndLeavesOutTheOthers() {
        assertThat(directory.namesOf(Set.of(ANA.value(), BEN.value(), MISSING.value())))
                .containsExactlyInAnyOrderEntriesOf(Map.of(ANA.value(), "Ana Silva", BEN.value(), "Ben Okafor"));
    }

    @Test
    void noDriversHaveNoNames() {
        assertThat(directory.namesOf(Set.of())).isEmpty();
    }

    @Test
    void aDriverExistsOnlyInItsOwnMode() {
        assertThat(directory.exists(Mode.SANDBOX, ANA)).isTrue();
        assertThat(directory.exists(Mode.PRODUCTION, ANA)).isFalse();
        assertThat(directory.exists(Mode.PRODUCTION, BEN)).isTrue();
        assertThat(directory.exists(Mode.SANDBOX, MISSING)).isFalse();
    }

    private static DriverRegisteredEvent registered(DriverId driver, Mode mode, String name) {
        return new DriverRegisteredEvent(driver, mode, "fleet-42", name, "driver@example.com", "+14155550123",
                Instant.parse("2025-01-15T09:00:00Z"));
    }
}
