package io.payouts.service.access;

import java.time.Duration;
import java.time.Instant;

/** A new session: the token is returned to the user once and only its hash is kept. */
public record OpenedSession(String token, Instant openedAt, Instant expiresAt, UserAccount user) {

    /** How long the session lasts from its opening: the lifetime of the cookie that carries it. */
    public Duration lifetime() {
        return Duration.between(openedAt, expiresAt);
    }
}
