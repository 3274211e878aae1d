package io.payouts.bank.iso20022;

import java.math.BigDecimal;

/** Money crosses into a file as a decimal with two places and comes back as a long of cents. */
final class Cents {

    private Cents() {
    }

    static BigDecimal decimal(long cents) {
        return BigDecimal.valueOf(cents, 2);
    }

    /** The cents of a positive amount read from a file; more than two places of precision is a broken file. */
    static long of(BigDecimal amount, String where) {
        if (amount == null) {
            throw new UnreadableBankFileException(where + " has no amount");
        }
        if (amount.signum() < 0) {
            throw new UnreadableBankFileException(where + " has a negative amount " + amount.toPlainString());
        }
        try {
            return amount.movePointRight(2).longValueExact();
        } catch (ArithmeticException notCents) {
            throw new UnreadableBankFileException(where + " has an amount of " + amount.toPlainString()
                    + ", which is not whole cents", notCents);
        }
    }
}
