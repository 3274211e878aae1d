package io.payouts.shared.wallet;

/** credit: a top-up settled, or a completed payout the bank returned; debit: a payout completed. Reservations and releases are not transactions. */
public enum TransactionType {
    CREDIT,
    DEBIT
}
