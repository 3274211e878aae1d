package io.payouts.query.driver;

import io.payouts.shared.Mode;
import io.payouts.shared.driver.DriverId;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

class DriverDirectoryTest {

    private static final DriverId ANA = new DriverId("drv_" + "0".repeat(31) + "1");
    private static final DriverId MISSING = new DriverId("drv_" + "0".repeat(31) + "2");

    private final DriverViewRepository drivers = mock(DriverViewRepository.class);
    private final DriverDirectory directory = new DriverDirectory(drivers);

    @Test
    void namesTheProjectedDriversAndLeavesOutTheOthers() {
        when(drivers.findNamesByIdIn(Set.of(ANA.value(), MISSING.value())))
                .thenReturn(List.<Object[]>of(new Object[]{ANA.value(), "Ana Silva"}));

        assertThat(directory.namesOf(Set.of(ANA.value(), MISSING.value())))
                .containsExactlyEntriesOf(java.util.Map.of(ANA.value(), "Ana Silva"));
    }

    @Test
    void asksNothingForNoDrivers() {
        assertThat(directory.namesOf(Set.of())).isEmpty();
        verify(drivers, never()).findNamesByIdIn(any());
    }

    @Test
    void aDriverExistsOnlyInItsOwnMode() {
        when(drivers.existsByIdAndMode(ANA.value(), Mode.SANDBOX)).thenReturn(true);
        when(drivers.existsByIdAndMode(ANA.value(), Mode.PRODUCTION)).thenReturn(false);

        assertThat(directory.exists(Mode.SANDBOX, ANA)).isTrue();
        assertThat(directory.exists(Mode.PRODUCTION, ANA)).isFalse();
    }
}
