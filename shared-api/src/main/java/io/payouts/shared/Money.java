package io.payouts.shared;

import java.math.BigDecimal;
import java.util.Locale;
import java.util.Optional;

/** Amounts are integers in cents (USD); every amount the API accepts lies in 1 .. 100,000,000. */
public final class Money {

    public static final long MIN_AMOUNT = 1;
    public static final long MAX_AMOUNT = 100_000_000;
    public static final String CURRENCY = "USD";

    private Money() {
    }

    public static long requireAmount(String field, long amount) {
        amountProblem(amount).ifPresent(problem -> {
            throw new InvalidFieldException(field, problem);
        });
        return amount;
    }

    /** An amount as the API takes it and as a person reads it: "90000000 cents ($900,000.00)". */
    public static String describe(long cents) {
        return String.format(Locale.US, "%d %s ($%,.2f)", cents, cents == 1 ? "cent" : "cents",
                BigDecimal.valueOf(cents, 2));
    }

    /** What is wrong with an amount in cents, if anything. */
    public static Optional<String> amountProblem(long amount) {
        return amount < MIN_AMOUNT || amount > MAX_AMOUNT
                ? Optional.of("must be between 1 and 100000000 (cents)") : Optional.empty();
    }
}
