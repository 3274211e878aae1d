package io.payouts.shared.payout;

import io.payouts.shared.Mode;
import io.payouts.shared.PageRequest;
import io.payouts.shared.driver.DriverId;

/** A page of the mode's payouts, newest first; null filters match everything. */
public record FindPayoutsQuery(Mode mode, PayoutStatus status, DriverId driverId, PageRequest pageRequest) {
}
