package io.payouts.rail;

/** A move the simulated rail reports: the first three together per poll, a failure on its own. */
enum RailStep {
    /** validated -> queued: {@code QueuePayoutCommand}. */
    QUEUE,
    /** queued -> processing: {@code StartPayoutProcessingCommand}. */
    PROCESS,
    /** processing -> completed: {@code CompletePayoutCommand}. */
    COMPLETE,
    /** processing -> failed: {@code FailPayoutCommand} (sandbox scenario payout_failed). */
    FAIL
}
