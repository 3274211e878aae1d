package io.payouts.bank.rail;

/** What a bank file says about one payment. */
enum Evidence {
    /** pain.002 ACCP, ACTC, ACSP...: accepted, the money is moving. */
    ACCEPTED,
    /** pain.002 ACSC/ACCC, or a booked debit in a camt.054: the money left. */
    SETTLED,
    /** pain.002 RJCT: refused, nothing paid. */
    REJECTED,
    /** A camt.054 credit returning the payment: paid, and sent back. */
    RETURNED
}
