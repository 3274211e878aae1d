package io.payouts.query.wallet;

import io.payouts.shared.Mode;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.wallet.FundingTransaction;
import io.payouts.shared.wallet.ReturnedFundsCreditedEvent;
import io.payouts.shared.wallet.TransactionId;
import io.payouts.shared.wallet.TransactionType;

import java.time.Instant;

/**
 * One funding transaction as {@code funding_transaction_view} holds it: a credit per settled top-up and per returned
 * payout, a debit per
 * completed payout. {@code balance} is the wallet's ledger (available plus in transit) right after it;
 * {@code position} numbers the mode's transactions in the order they were applied, which "newest first" reverses.
 */
record FundingTransactionRow(String id, Mode mode, TransactionType type, long amount, long balance,
                             String description, String payoutId, Instant createdAt, long position) {

    static FundingTransactionRow credit(String id, WalletRow after, long amount, String description, Instant at) {
        return new FundingTransactionRow(id, after.mode(), TransactionType.CREDIT, amount, after.ledger(),
                description, null, at, after.transactionCount());
    }

    static FundingTransactionRow debit(PayoutId payoutId, WalletRow after, long amount, Instant at) {
        return new FundingTransactionRow(debitIdOf(payoutId), after.mode(), TransactionType.DEBIT, amount,
                after.ledger(), "payout " + payoutId.value(), payoutId.value(), at, after.transactionCount());
    }

    /** A returned payout's money back: a credit that names the payout and the bank's reason. */
    static FundingTransactionRow returnCredit(ReturnedFundsCreditedEvent credited, WalletRow after) {
        return new FundingTransactionRow(credited.transactionId().value(), after.mode(), TransactionType.CREDIT,
                credited.amount(), after.ledger(), "payout " + credited.payoutId().value() + " returned: "
                + credited.reason(), credited.payoutId().value(), credited.creditedAt(), after.transactionCount());
    }

    /** A payout's debit has a fixed id, {@code txn_} and the payout id's hex digits, so a replay makes the same. */
    static String debitIdOf(PayoutId payoutId) {
        return TransactionId.PREFIX + payoutId.value().substring(PayoutId.PREFIX.length());
    }

    FundingTransaction toTransaction() {
        return new FundingTransaction(new TransactionId(id), type, amount, balance, description,
                payoutId == null ? null : new PayoutId(payoutId), createdAt);
    }
}
