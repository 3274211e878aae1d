package io.payouts.shared.payout;

import io.payouts.shared.DomainException;
import io.payouts.shared.ErrorCode;

/** No payout with this id exists in the caller's mode. */
public class PayoutNotFoundException extends DomainException {

    public PayoutNotFoundException(String payoutId) {
        super(ErrorCode.NOT_FOUND, "payout " + payoutId + " not found");
    }
}
