package io.payouts.shared.wallet;

import io.payouts.shared.DomainException;
import io.payouts.shared.ErrorCode;
import io.payouts.shared.Money;

import java.util.Map;

/** The wallet's available funds do not cover the amount; nothing was reserved. */
public class InsufficientFundsException extends DomainException {

    public InsufficientFundsException(long requested, long available) {
        super(ErrorCode.INSUFFICIENT_FUNDS, "insufficient funds: " + Money.describe(requested) + " requested, "
                + Money.describe(available) + " available", Map.of("amount", "exceeds the available balance of "
                + Money.describe(available)));
    }

    private InsufficientFundsException(String message, Map<String, String> details) {
        super(ErrorCode.INSUFFICIENT_FUNDS, message, details);
    }

    /** The sandbox scenario insufficient_funds: refused whatever the balance, and the message says so. */
    public static InsufficientFundsException forcedBySandbox(long requested) {
        return new InsufficientFundsException("insufficient funds: " + Money.describe(requested)
                + " requested (forced by X-Sandbox-Scenario: insufficient_funds; nothing was reserved)",
                Map.of("amount", "refused by the sandbox scenario insufficient_funds"));
    }
}
