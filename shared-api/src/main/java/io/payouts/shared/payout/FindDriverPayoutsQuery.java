package io.payouts.shared.payout;

import io.payouts.shared.Mode;
import io.payouts.shared.PageRequest;
import io.payouts.shared.driver.DriverId;

/** A page of one driver's payouts, newest first. */
public record FindDriverPayoutsQuery(Mode mode, DriverId driverId, PageRequest pageRequest) {
}
