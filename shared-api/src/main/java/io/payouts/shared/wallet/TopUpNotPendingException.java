package io.payouts.shared.wallet;

import io.payouts.shared.DomainException;
import io.payouts.shared.ErrorCode;

/** No pending top-up with this id in the wallet. */
public class TopUpNotPendingException extends DomainException {

    public TopUpNotPendingException(String transactionId) {
        super(ErrorCode.NOT_FOUND, "no pending top-up " + transactionId);
    }
}
