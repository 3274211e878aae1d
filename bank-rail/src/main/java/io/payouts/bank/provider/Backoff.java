package io.payouts.bank.provider;

import java.time.Duration;

/**
 * How long an attempt waits before its next request after {@code failures} requests without an answer that counts:
 * the initial delay after the first, doubling after each further one, never more than the maximum. An attempt is
 * never given up: the payout waits, queued, until the provider answers (ADR-0036).
 */
record Backoff(Duration initialDelay, Duration maxDelay) {

    private static final int MAX_DOUBLINGS = 30;

    Backoff {
        if (initialDelay.isNegative() || initialDelay.isZero() || maxDelay.compareTo(initialDelay) < 0) {
            throw new IllegalArgumentException("a backoff waits more than nothing, at most " + maxDelay
                    + " and at first " + initialDelay);
        }
    }

    Duration after(int failures) {
        int doublings = Math.min(Math.max(failures - 1, 0), MAX_DOUBLINGS);
        long millis = initialDelay.toMillis();
        long cap = maxDelay.toMillis();
        for (int i = 0; i < doublings && millis < cap; i++) {
            millis *= 2;
        }
        return Duration.ofMillis(Math.min(millis, cap));
    }
}
