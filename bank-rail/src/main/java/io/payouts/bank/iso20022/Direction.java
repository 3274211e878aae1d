package io.payouts.bank.iso20022;

/** Which way money moved on the company's account. */
public enum Direction {
    /** Money left the account (CdtDbtInd DBIT): a payout paid. */
    DEBIT,
    /** Money came in (CdtDbtInd CRDT): a top-up, or a payout returned. */
    CREDIT
}
