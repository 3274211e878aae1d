package io.payouts.shared.driver;

import io.payouts.shared.DomainException;
import io.payouts.shared.ErrorCode;

import java.util.Map;

/** Another driver of the same mode already uses this external id. */
public class DuplicateSvcDriverIdException extends DomainException {

    public DuplicateSvcDriverIdException(String svcDriverId) {
        super(ErrorCode.CONFLICT, "a driver with svcDriverId " + svcDriverId + " already exists",
                Map.of("svcDriverId", "already registered"));
    }
}
