package io.payouts.query.driver;

import io.payouts.shared.Mode;
import io.payouts.shared.driver.DriverId;
import org.springframework.stereotype.Component;

import java.util.Collection;
import java.util.Map;

/** What other read models need to know about the projected drivers, without reaching into driver_view's rows. */
@Component
public class DriverDirectory {

    private final DriverRows drivers;

    DriverDirectory(DriverRows drivers) {
        this.drivers = drivers;
    }

    /** True when the driver is projected in this mode. */
    public boolean exists(Mode mode, DriverId driverId) {
        return drivers.exists(driverId.value(), mode);
    }

    /** The current names of those drivers that are projected, by driver id; a missing driver has no entry. */
    public Map<String, String> namesOf(Collection<String> driverIds) {
        return drivers.namesOf(driverIds);
    }
}
