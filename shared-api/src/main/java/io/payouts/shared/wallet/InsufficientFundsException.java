package io.payouts.shared.wallet;

import io.payouts.shared.DomainException;
import io.payouts.shared.ErrorCode;

import java.util.Map;

/** The wallet's available funds do not cover the amount; nothing was reserved. */
public class InsufficientFundsException extends DomainException {

    public InsufficientFundsException(long requested, long available) {
        super(ErrorCode.INSUFFICIENT_FUNDS, "insufficient funds: " + requested + " requested, " + available
                + " available", Map.of("amount", "exceeds the available balance of " + available));
    }
}
