package io.payouts.query.wallet;

/**
 * The funding transactions of one UTC day (or of every day after a statement), in cents: top-ups settled, payouts
 * debited and the fees inside them, and payouts' money returned; the first and last transactions' global positions
 * (ADR-0039), none on an empty day.
 */
record DayTotals(long topUps, long topUpCount, long payoutsPaid, long payoutCount, long fees, long returned,
                 long returnedCount, Long firstPosition, Long lastPosition) {

    static final DayTotals NONE = new DayTotals(0, 0, 0, 0, 0, 0, 0, null, null);

    /** What the day does to the ledger. */
    long net() {
        return topUps - payoutsPaid + returned;
    }

    long transactionCount() {
        return topUpCount + payoutCount + returnedCount;
    }
}
