package io.payouts.shared.wallet;

import io.payouts.shared.DomainException;
import io.payouts.shared.ErrorCode;

/** The bank credited another amount than the pending top-up asked for: nothing is settled, a person decides. */
public class TopUpAmountMismatchException extends DomainException {

    public TopUpAmountMismatchException(String transactionId, long requested, long credited) {
        super(ErrorCode.CONFLICT, "top-up " + transactionId + " asked for " + requested + " cents, the bank credited "
                + credited);
    }
}
