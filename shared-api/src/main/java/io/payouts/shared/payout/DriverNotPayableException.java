package io.payouts.shared.payout;

import io.payouts.shared.DomainException;
import io.payouts.shared.ErrorCode;

import java.util.Map;

/** Payouts go only to active, KYC-verified drivers. */
public class DriverNotPayableException extends DomainException {

    public DriverNotPayableException(String driverId, String why) {
        super(ErrorCode.DRIVER_NOT_PAYABLE, "driver " + driverId + " cannot be paid: " + why,
                Map.of("driverId", why));
    }
}
