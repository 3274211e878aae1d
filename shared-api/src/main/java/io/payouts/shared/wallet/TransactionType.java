package io.payouts.shared.wallet;

/** credit: a top-up settled; debit: a payout completed. Reservations and releases are not transactions. */
public enum TransactionType {
    CREDIT,
    DEBIT
}
