package io.payouts.service.access;

import java.time.Duration;
import java.util.Optional;

/**
 * The policy that turns an account's failed sign-ins within the window into a wait before its next try (ADR-0041):
 * none below {@code slowDownAfter}, then a delay doubling with each failure, and from {@code lockAfter} a lock.
 */
record SignInBackoff(SignInThrottleProperties limits) {

    /** The wait after this many failures in the window, if any. */
    Optional<Wait> after(int failures) {
        if (failures >= limits.lockAfter()) {
            return Optional.of(new Wait(limits.lockDuration(), true));
        }
        if (failures < limits.slowDownAfter()) {
            return Optional.empty();
        }
        int doublings = Math.min(failures - limits.slowDownAfter(), 30);
        Duration delay = limits.firstDelay().multipliedBy(1L << doublings);
        return Optional.of(new Wait(delay.compareTo(limits.maxDelay()) > 0 ? limits.maxDelay() : delay, false));
    }

    /** How long the next try must wait, and whether that is a lock rather than a slow-down. */
    record Wait(Duration duration, boolean locked) {
    }
}
