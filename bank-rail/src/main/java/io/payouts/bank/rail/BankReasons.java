package io.payouts.bank.rail;

import io.payouts.bank.iso20022.BankReason;

import java.util.List;

/** How a bank's reason reads on a payout: the ISO code and its text, {@code AC04 closed account number}. */
final class BankReasons {

    private BankReasons() {
    }

    static String text(BankReason reason) {
        if (reason.code().equals("NARR") && !reason.additionalInfo().isBlank()) {
            return "NARR " + reason.additionalInfo();
        }
        return reason.code() + " " + reason.description();
    }

    /** The first reason the bank gave, or the status code alone when it gave none. */
    static String first(List<BankReason> reasons, String statusCode) {
        return reasons.isEmpty() ? statusCode + " (the bank gave no reason)" : text(reasons.get(0));
    }
}
