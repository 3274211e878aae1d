package io.payouts.webhook.delivery;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.function.DoubleSupplier;

/**
 * When a failed delivery is tried again (ADR-0014): the initial delay after the first failure, doubling after
 * each one, with jitter of ±25% so that a receiver coming back is not met by every delivery at once. The last
 * attempt is at the end of the retry window; a failure then fails the delivery.
 */
public record RetrySchedule(Duration initialDelay, Duration window, DoubleSupplier random) {

    private static final int MAX_DOUBLINGS = 30;

    /** When to try again after {@code failedAttempts} failures, or empty when the delivery has failed for good. */
    public Optional<Instant> next(int failedAttempts, Instant retryFrom, Instant now) {
        Instant deadline = retryFrom.plus(window);
        if (!now.isBefore(deadline)) {
            return Optional.empty();
        }
        Instant next = now.plus(jittered(delay(failedAttempts)));
        return Optional.of(next.isAfter(deadline) ? deadline : next);
    }

    /** The delay before jitter: initial × 2^(failures − 1). */
    Duration delay(int failedAttempts) {
        int doublings = Math.min(Math.max(failedAttempts - 1, 0), MAX_DOUBLINGS);
        long millis = initialDelay.toMillis();
        long cap = window.toMillis();
        for (int i = 0; i < doublings && millis < cap; i++) {
            millis *= 2;
        }
        return Duration.ofMillis(Math.min(millis, cap));
    }

    private Duration jittered(Duration delay) {
        double factor = 0.75 + 0.5 * random.getAsDouble();
        return Duration.ofMillis(Math.max(1, Math.round(delay.toMillis() * factor)));
    }
}
