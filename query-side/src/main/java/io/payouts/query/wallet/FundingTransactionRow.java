package io.payouts.query.wallet;

import io.payouts.shared.Mode;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.wallet.ReturnedFundsCreditedEvent;
import io.payouts.shared.wallet.TransactionId;
import io.payouts.shared.wallet.TransactionType;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.UUID;

/**
 * One funding transaction as the wallet projection makes it: a credit per settled top-up and per returned payout, a
 * debit per completed payout, at the global position of the event that made it. A debit's {@code fee} is the part of its
 * amount the payout's fee took (amount - net amount); a credit's is 0. Nothing in it depends on the order
 * the projection met the events in; the balance after it, which does, is kept by {@link FundingTransactionRows} in
 * the order of these positions.
 */
record FundingTransactionRow(String id, Mode mode, TransactionType type, long amount, long fee, String description,
                             String payoutId, Instant createdAt, long globalPosition) {

    static FundingTransactionRow credit(String id, Mode mode, long amount, String description, Instant at,
                                        long globalPosition) {
        return new FundingTransactionRow(id, mode, TransactionType.CREDIT, amount, 0, description, null, at,
                globalPosition);
    }

    /** A payout's first debit. */
    static FundingTransactionRow debit(PayoutId payoutId, Mode mode, long amount, long fee, Instant at,
                                       long globalPosition) {
        return debit(debitIdOf(payoutId), payoutId, mode, amount, fee, at, globalPosition);
    }

    static FundingTransactionRow debit(String id, PayoutId payoutId, Mode mode, long amount, long fee, Instant at,
                                       long globalPosition) {
        return new FundingTransactionRow(id, mode, TransactionType.DEBIT, amount, fee, "payout " + payoutId.value(),
                payoutId.value(), at, globalPosition);
    }

    /** A returned payout's money back: a credit that names the payout and the bank's reason. */
    static FundingTransactionRow returnCredit(ReturnedFundsCreditedEvent credited, Mode mode, long globalPosition) {
        return new FundingTransactionRow(credited.transactionId().value(), mode, TransactionType.CREDIT,
                credited.amount(), 0, "payout " + credited.payoutId().value() + " returned: " + credited.reason(),
                credited.payoutId().value(), credited.creditedAt(), globalPosition);
    }

    /**
     * A payout's (first) debit has a fixed id, {@code txn_} and the payout id's hex digits, so a replay makes the same.
     */
    static String debitIdOf(PayoutId payoutId) {
        return TransactionId.PREFIX + payoutId.value().substring(PayoutId.PREFIX.length());
    }

    /**
     * The debit of a payout completed again after the bank returned it and it was retried (ADR-0034): named by the
     * completion's place in the payout's stream, so a replay makes the same id and each completion has its own.
     */
    static String debitIdOf(PayoutId payoutId, long completionSequence) {
        return TransactionId.PREFIX + UUID.nameUUIDFromBytes((payoutId.value() + "/" + completionSequence)
                .getBytes(StandardCharsets.UTF_8)).toString().replace("-", "");
    }

    /** What the transaction does to the ledger: a credit raises it, a debit lowers it. */
    long signedAmount() {
        return type == TransactionType.CREDIT ? amount : -amount;
    }
}
