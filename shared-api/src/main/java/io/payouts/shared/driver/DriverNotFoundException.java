package io.payouts.shared.driver;

import io.payouts.shared.DomainException;
import io.payouts.shared.ErrorCode;

/** No driver with this id exists in the caller's mode. */
public class DriverNotFoundException extends DomainException {

    public DriverNotFoundException(String driverId) {
        super(ErrorCode.NOT_FOUND, "driver " + driverId + " not found");
    }
}
