package io.payouts.bank.iso20022;

/** What a pain.002 status code means for the payments it covers. */
public enum ReportedStatus {
    /** Received, checked or accepted for settlement, not yet settled: ACCP, ACTC, ACSP, ACWC, ACWP, ACFC. */
    ACCEPTED,
    /** Settled on the debtor's or the creditor's account: ACSC, ACCC. */
    SETTLED,
    /** Rejected: RJCT, and BLCK (blocked). */
    REJECTED,
    /** Not decided yet: PDNG, RCVD. */
    PENDING,
    /** A group or block where some payments are accepted and others rejected (PART); the payments say which. */
    PARTIALLY_ACCEPTED,
    /** Cancelled at the debtor's request: CANC. */
    CANCELLED,
    /** A code this library does not know; the payment's raw code is kept in the status. */
    UNRECOGNISED;

    static ReportedStatus of(String isoCode) {
        return switch (isoCode) {
            case "ACCP", "ACTC", "ACSP", "ACWC", "ACWP", "ACFC" -> ACCEPTED;
            case "ACSC", "ACCC" -> SETTLED;
            case "RJCT", "BLCK" -> REJECTED;
            case "PDNG", "RCVD" -> PENDING;
            case "PART" -> PARTIALLY_ACCEPTED;
            case "CANC" -> CANCELLED;
            default -> UNRECOGNISED;
        };
    }
}
