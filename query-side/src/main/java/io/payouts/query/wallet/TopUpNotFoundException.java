package io.payouts.query.wallet;

import io.payouts.shared.DomainException;
import io.payouts.shared.ErrorCode;

/** No top-up with this transaction id in the caller's mode. */
public class TopUpNotFoundException extends DomainException {

    public TopUpNotFoundException(String transactionId) {
        super(ErrorCode.NOT_FOUND, "top-up " + transactionId + " not found");
    }
}
