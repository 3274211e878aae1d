package io.payouts.service.rail;

/** A move the simulated rail reports, one command each. */
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
