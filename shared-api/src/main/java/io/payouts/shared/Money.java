package io.payouts.shared;

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

    /** What is wrong with an amount in cents, if anything. */
    public static Optional<String> amountProblem(long amount) {
        return amount < MIN_AMOUNT || amount > MAX_AMOUNT
                ? Optional.of("must be between 1 and 100000000 (cents)") : Optional.empty();
    }
}
