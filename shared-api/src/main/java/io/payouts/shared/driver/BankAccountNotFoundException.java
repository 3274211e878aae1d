package io.payouts.shared.driver;

import io.payouts.shared.DomainException;
import io.payouts.shared.ErrorCode;

/** The driver exists in the caller's mode but has no bank account on file (never set, removed or erased). */
public class BankAccountNotFoundException extends DomainException {

    public BankAccountNotFoundException(String driverId) {
        super(ErrorCode.NOT_FOUND, "driver " + driverId + " has no bank account");
    }

    public BankAccountNotFoundException(String driverId, String why) {
        super(ErrorCode.NOT_FOUND, "driver " + driverId + " has no bank account: " + why);
    }
}
