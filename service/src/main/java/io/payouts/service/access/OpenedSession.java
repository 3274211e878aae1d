package io.payouts.service.access;

import java.time.Instant;

/** A new session: the token is returned to the user once and only its hash is kept. */
public record OpenedSession(String token, Instant expiresAt, UserAccount user) {
}
