package io.payouts.shared.batch;

/** queued -> processing (release, run or its schedule) -> completed | failed (decisions.md, States). */
public enum BatchStatus {
    QUEUED,
    PROCESSING,
    COMPLETED,
    FAILED
}
