package io.payouts.shared;

import io.payouts.shared.driver.DriverId;

/** A message about one driver: every command and event with a {@code driverId} component implements it. */
public interface DriverScoped {

    DriverId driverId();
}
