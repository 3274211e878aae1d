package io.payouts.service.access;

import io.payouts.service.http.ErrorStatus;
import io.payouts.shared.DomainException;
import io.payouts.shared.ErrorCode;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;

/**
 * A sign-in refused before its password is looked at: the account had too many failures lately (ADR-0041). The
 * details carry {@code retryAfter} in seconds, which the edge also sends as Retry-After, and, for a lock,
 * {@code lockedUntil}.
 */
class SignInThrottledException extends DomainException {

    private SignInThrottledException(String message, Map<String, String> details) {
        super(ErrorCode.RATE_LIMITED, message, details);
    }

    static SignInThrottledException until(Instant blockedUntil, boolean locked, Instant now) {
        long seconds = Math.max(1, (Duration.between(now, blockedUntil).toMillis() + 999) / 1000);
        String retryAfter = String.valueOf(seconds);
        if (locked) {
            return new SignInThrottledException("too many failed sign-ins; this account is locked until "
                    + blockedUntil + " (retry after " + seconds + " seconds)",
                    Map.of(ErrorStatus.RETRY_AFTER_DETAIL, retryAfter, "lockedUntil", blockedUntil.toString()));
        }
        return new SignInThrottledException("too many failed sign-ins; retry after " + seconds + " seconds",
                Map.of(ErrorStatus.RETRY_AFTER_DETAIL, retryAfter));
    }
}
