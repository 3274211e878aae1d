package io.payouts.shared.payout;

import io.payouts.shared.InvalidFieldException;
import io.payouts.shared.Mode;
import io.payouts.shared.PageRequest;
import io.payouts.shared.driver.DriverId;

import java.time.LocalDate;

/**
 * A page of the mode's payouts, newest first; null filters match everything. {@code from} and {@code to} are UTC
 * days, both included, of the payouts' request.
 */
public record FindPayoutsQuery(Mode mode, PayoutStatus status, DriverId driverId, LocalDate from, LocalDate to,
                               PageRequest pageRequest) {

    public FindPayoutsQuery {
        if (from != null && to != null && to.isBefore(from)) {
            throw new InvalidFieldException("to", "must not be before from");
        }
    }

    public FindPayoutsQuery(Mode mode, PayoutStatus status, DriverId driverId, PageRequest pageRequest) {
        this(mode, status, driverId, null, null, pageRequest);
    }
}
