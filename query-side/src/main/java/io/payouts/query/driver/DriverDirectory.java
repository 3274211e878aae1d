package io.payouts.query.driver;

import io.payouts.shared.Mode;
import io.payouts.shared.driver.DriverId;
import org.springframework.stereotype.Component;

import java.util.Collection;
import java.util.HashMap;
import java.util.Map;

/** What other read models need to know about the projected drivers, without reaching into driver_view's entity. */
@Component
public class DriverDirectory {

    private final DriverViewRepository drivers;

    DriverDirectory(DriverViewRepository drivers) {
        this.drivers = drivers;
    }

    /** True when the driver is projected in this mode. */
    public boolean exists(Mode mode, DriverId driverId) {
        return drivers.existsByIdAndMode(driverId.value(), mode);
    }

    /** The current names of those drivers that are projected, by driver id; a missing driver has no entry. */
    public Map<String, String> namesOf(Collection<String> driverIds) {
        Map<String, String> names = new HashMap<>();
        if (driverIds.isEmpty()) {
            return names;
        }
        for (Object[] row : drivers.findNamesByIdIn(driverIds)) {
            names.put((String) row[0], (String) row[1]);
        }
        return names;
    }
}
