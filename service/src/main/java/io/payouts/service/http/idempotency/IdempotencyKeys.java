package io.payouts.service.http.idempotency;

import java.util.Optional;

/** The {@code Idempotency-Key} header and what a usable key looks like (ADR-0010). */
final class IdempotencyKeys {

    static final String HEADER = "Idempotency-Key";
    /** Set on a response that is a stored first response sent again. */
    static final String REPLAYED_HEADER = "Idempotent-Replayed";
    static final int MAX_LENGTH = 255;

    private IdempotencyKeys() {
    }

    /** Why {@code key} cannot be used, or empty when it can: 1 to 255 printable ASCII characters, no spaces. */
    static Optional<String> problemWith(String key) {
        if (key.isEmpty() || key.length() > MAX_LENGTH || !key.chars().allMatch(IdempotencyKeys::isVisibleAscii)) {
            return Optional.of("must be 1 to " + MAX_LENGTH + " printable ASCII characters without spaces");
        }
        return Optional.empty();
    }

    private static boolean isVisibleAscii(int c) {
        return c > 0x20 && c < 0x7f;
    }
}
