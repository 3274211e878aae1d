package io.payouts.shared.batch;

/** queued -> processing (release, run or its schedule) -> completed | failed (decisions.md, States). */
public enum BatchStatus {
    QUEUED,
    PROCESSING,
    COMPLETED,
    FAILED,
    /** Above the mode's approval threshold: queued only once a second person approves it (ADR-0046). */
    PENDING_APPROVAL,
    REJECTED
}
