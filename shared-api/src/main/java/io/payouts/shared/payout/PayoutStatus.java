package io.payouts.shared.payout;

/**
 * validated -> queued -> processing -> completed | failed; validated or queued -> canceled; failed -> queued (retry).
 * A payout of a batch starts pending (no funds reserved) and becomes validated when the batch is released, or
 * canceled before that (ADR-0013). One above the approval threshold starts pending approval and is validated (or
 * processing) once approved, rejected otherwise (ADR-0046).
 */
public enum PayoutStatus {
    PENDING,
    VALIDATED,
    QUEUED,
    PROCESSING,
    COMPLETED,
    FAILED,
    CANCELED,
    /** Above the mode's approval threshold: waits for a second person, nothing reserved (ADR-0046). */
    PENDING_APPROVAL,
    REJECTED;

    public boolean terminal() {
        return this == COMPLETED || this == FAILED || this == CANCELED || this == REJECTED;
    }

    /**
     * Holds reserved funds: counted in the funding projection's outflow. Pending batch payouts are not: their
     * batch is counted on its scheduled day instead.
     */
    public boolean inFlight() {
        return this == VALIDATED || this == QUEUED || this == PROCESSING;
    }
}
