package io.payouts.query.wallet;

import io.payouts.shared.Mode;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.wallet.ReturnedFundsCreditedEvent;
import io.payouts.shared.wallet.TransactionId;
import io.payouts.shared.wallet.TransactionType;

import java.time.Instant;

/**
 * One funding transaction as the wallet projection makes it: a credit per settled top-up and per returned payout, a
 * debit per completed payout, at the global position of the event that made it. Nothing in it depends on the order
 * the projection met the events in; the balance after it, which does, is kept by {@link FundingTransactionRows} in
 * the order of these positions.
 */
record FundingTransactionRow(String id, Mode mode, TransactionType type, long amount, String description,
                             String payoutId, Instant createdAt, long globalPosition) {

    static FundingTransactionRow credit(String id, Mode mode, long amount, String description, Instant at,
                                        long globalPosition) {
        return new FundingTransactionRow(id, mode, TransactionType.CREDIT, amount, description, null, at,
                globalPosition);
    }

    static FundingTransactionRow debit(PayoutId payoutId, Mode mode, long amount, Instant at, long globalPosition) {
        return new FundingTransactionRow(debitIdOf(payoutId), mode, TransactionType.DEBIT, amount,
                "payout " + payoutId.value(), payoutId.value(), at, globalPosition);
    }

    /** A returned payout's money back: a credit that names the payout and the bank's reason. */
    static FundingTransactionRow returnCredit(ReturnedFundsCreditedEvent credited, Mode mode, long globalPosition) {
        return new FundingTransactionRow(credited.transactionId().value(), mode, TransactionType.CREDIT,
                credited.amount(), "payout " + credited.payoutId().value() + " returned: " + credited.reason(),
                credited.payoutId().value(), credited.creditedAt(), globalPosition);
    }

    /** A payout's debit has a fixed id, {@code txn_} and the payout id's hex digits, so a replay makes the same. */
    static String debitIdOf(PayoutId payoutId) {
        return TransactionId.PREFIX + payoutId.value().substring(PayoutId.PREFIX.length());
    }

    /** What the transaction does to the ledger: a credit raises it, a debit lowers it. */
    long signedAmount() {
        return type == TransactionType.CREDIT ? amount : -amount;
    }
}
