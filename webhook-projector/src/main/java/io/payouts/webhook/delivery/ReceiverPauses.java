package io.payouts.webhook.delivery;

import java.time.Duration;

/**
 * How long a subscription waits after its receiver was in trouble {@code n} times in a row (ADR-0030): the first
 * pause, doubling with each further failure, up to the longest. Meanwhile nothing is sent to it, then one attempt at
 * a time until it answers, so a receiver that is down costs one probe per pause however large its backlog, and
 * every other subscription keeps its senders.
 */
record ReceiverPauses(Duration first, Duration longest) {

    private static final Duration FIRST = Duration.ofSeconds(1);

    /** Pauses of at most the retry schedule's initial delay, so a delivery never waits on the pause more than that. */
    static ReceiverPauses upTo(Duration retryInitialDelay) {
        return new ReceiverPauses(FIRST.compareTo(retryInitialDelay) < 0 ? FIRST : retryInitialDelay,
                retryInitialDelay);
    }

    Duration after(int consecutiveFailures) {
        Duration pause = first;
        for (int i = 1; i < consecutiveFailures && pause.compareTo(longest) < 0; i++) {
            pause = pause.multipliedBy(2);
        }
        return pause.compareTo(longest) < 0 ? pause : longest;
    }
}
