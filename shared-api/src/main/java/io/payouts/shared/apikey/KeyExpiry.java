package io.payouts.shared.apikey;

import io.payouts.shared.InvalidFieldException;

import java.time.Duration;
import java.time.Instant;

/** The optional lifetime of a key: {@code expires_in} days, 1 to 365. */
public final class KeyExpiry {

    public static final int MIN_DAYS = 1;
    public static final int MAX_DAYS = 365;

    private KeyExpiry() {
    }

    /** The expiry instant, or null for a key that does not expire. */
    public static Instant after(Instant createdAt, Integer expiresInDays) {
        if (expiresInDays == null) {
            return null;
        }
        if (expiresInDays < MIN_DAYS || expiresInDays > MAX_DAYS) {
            throw new InvalidFieldException("expires_in", "must be between 1 and 365 days");
        }
        return createdAt.plus(Duration.ofDays(expiresInDays));
    }
}
