package io.payouts.command.driver;

import io.payouts.shared.Mode;
import io.payouts.shared.driver.DriverId;

/**
 * The set-based rule an aggregate cannot check alone: one external id per mode. A claim is made in the
 * registering command's transaction, so it commits or rolls back together with the driver's first event.
 */
public interface SvcDriverIdClaims {

    /** True when the id was free and is now held by {@code driverId}; false when another driver holds it. */
    boolean claim(Mode mode, String svcDriverId, DriverId driverId);
}
