package io.payouts.shared.wallet;

import java.time.LocalDate;

/**
 * One UTC day of a funding statement (ADR-0042), in cents. The balance is the ledger, the funds held (available plus
 * in transit), which only funding transactions move: {@code closingBalance = openingBalance + topUps - payoutsPaid +
 * returned}. {@code topUps}: settled top-ups; {@code payoutsPaid}: completed payouts' debits, {@code fees} included;
 * {@code returned}: completed payouts' money the bank sent back. A payout that failed before completing was never
 * debited and is not here. The first and last transactions are the day's first and last in stream order, or null.
 */
public record FundingStatementLine(LocalDate date, long openingBalance, long topUps, long topUpCount,
                                   long payoutsPaid, long payoutCount, long fees, long returned, long returnedCount,
                                   long closingBalance, long transactionCount, TransactionId firstTransactionId,
                                   TransactionId lastTransactionId) {

    public FundingStatementLine {
        if (closingBalance != openingBalance + topUps - payoutsPaid + returned) {
            throw new IllegalArgumentException("the line of " + date + " does not add up");
        }
    }
}
