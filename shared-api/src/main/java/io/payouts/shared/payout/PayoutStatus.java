package io.payouts.shared.payout;

/** validated -> queued -> processing -> completed | failed; validated or queued -> canceled; failed -> queued (retry). */
public enum PayoutStatus {
    VALIDATED,
    QUEUED,
    PROCESSING,
    COMPLETED,
    FAILED,
    CANCELED;

    public boolean terminal() {
        return this == COMPLETED || this == FAILED || this == CANCELED;
    }

    /** Counted in the driver's pendingPayouts and the funding projection's outflow. */
    public boolean inFlight() {
        return this == VALIDATED || this == QUEUED || this == PROCESSING;
    }
}
