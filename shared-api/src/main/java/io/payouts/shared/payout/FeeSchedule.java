package io.payouts.shared.payout;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * What a payout costs the driver (decisions.md, Money): the fee is deducted from the amount. Rates are in basis
 * points (150 = 1.5 %), rounded half-up to a cent, with a minimum fee per rail.
 */
public record FeeSchedule(long standardBasisPoints, long standardMinimum, long instantBasisPoints,
                          long instantMinimum) {

    public static final FeeSchedule DEFAULT = new FeeSchedule(0, 0, 150, 50);

    public FeeSchedule {
        if (standardBasisPoints < 0 || instantBasisPoints < 0 || standardMinimum < 0 || instantMinimum < 0) {
            throw new IllegalArgumentException("fees cannot be negative");
        }
    }

    public long feeFor(Rail rail, long amount) {
        long basisPoints = rail == Rail.INSTANT ? instantBasisPoints : standardBasisPoints;
        long minimum = rail == Rail.INSTANT ? instantMinimum : standardMinimum;
        long proportional = BigDecimal.valueOf(amount).multiply(BigDecimal.valueOf(basisPoints))
                .divide(BigDecimal.valueOf(10_000), 0, RoundingMode.HALF_UP).longValueExact();
        return Math.max(proportional, minimum);
    }

    /** The smallest amount the rail can pay: the fee must leave something (at most {@code limit} if none does). */
    public long smallestPayable(Rail rail, long limit) {
        long amount = 1;
        while (amount < limit && feeFor(rail, amount) >= amount) {
            amount = Math.max(amount + 1, rail == Rail.INSTANT ? instantMinimum + 1 : standardMinimum + 1);
        }
        return amount;
    }

    /** The instant rail's rate as a percentage, as the fee quote shows it. */
    public BigDecimal instantPercent() {
        return BigDecimal.valueOf(instantBasisPoints).movePointLeft(2).stripTrailingZeros();
    }
}
