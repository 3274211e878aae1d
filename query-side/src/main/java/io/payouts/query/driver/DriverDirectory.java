package io.payouts.query.driver;

import io.payouts.shared.Mode;
import io.payouts.shared.driver.DriverId;
import org.springframework.stereotype.Component;

import java.util.Collection;
import java.util.HashMap;
import java.util.Map;

/**
 * What other read models need to know about the drivers, without reaching into driver_view's rows. A driver the read
 * model does not show yet is folded from its stored events ({@link DriverHistory}), so a driver just registered
 * exists, with its name, for every read (ADR-0018).
 */
@Component
public class DriverDirectory {

    private final DriverRows drivers;
    private final DriverHistory history;

    DriverDirectory(DriverRows drivers, DriverHistory history) {
        this.drivers = drivers;
        this.history = history;
    }

    /** True when the driver is registered in this mode. */
    public boolean exists(Mode mode, DriverId driverId) {
        return drivers.exists(driverId.value(), mode)
                || history.fold(driverId.value()).filter(driver -> driver.mode() == mode).isPresent();
    }

    /** The current names of those drivers, by driver id; a driver never registered has no entry. */
    public Map<String, String> namesOf(Collection<String> driverIds) {
        Map<String, String> names = new HashMap<>(drivers.namesOf(driverIds));
        driverIds.stream().filter(id -> !names.containsKey(id)).distinct()
                .forEach(id -> history.fold(id).ifPresent(driver -> names.put(id, driver.name())));
        return names;
    }
}
