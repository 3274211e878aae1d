package io.payouts.bank.iso20022;

/** What a status in a pain.002 covers. */
public enum StatusScope {
    /** Every payment of the original message (OrgnlGrpInfAndSts/GrpSts), such as a whole file rejected. */
    MESSAGE,
    /** Every payment of one PmtInf block of the original message (OrgnlPmtInfAndSts/PmtInfSts). */
    PAYMENT_BLOCK,
    /** One payment (TxInfAndSts/TxSts). */
    TRANSACTION
}
