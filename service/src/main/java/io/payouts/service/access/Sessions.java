package io.payouts.service.access;

import io.payouts.service.http.BearerCredentials;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Transactional;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/** Signing in and out with e-mail and password; session tokens are opaque, high-entropy and stored hashed. */
@Component
public class Sessions {

    private final UserAccountRepository users;
    private final UserSessionRepository sessions;
    private final PasswordEncoder passwords;
    private final Duration sessionTtl;
    private final Clock clock;
    private final SignInThrottle throttle;
    /** Checked against when the e-mail is unknown, so both failures cost one BCrypt comparison. */
    private final String unknownUserHash;

    Sessions(UserAccountRepository users, UserSessionRepository sessions, PasswordEncoder passwords,
             @Value("${payouts.sessions.ttl:12h}") Duration sessionTtl, Clock clock, SignInThrottle throttle) {
        this.users = users;
        this.sessions = sessions;
        this.passwords = passwords;
        this.sessionTtl = sessionTtl;
        this.clock = clock;
        this.throttle = throttle;
        this.unknownUserHash = passwords.encode(Secrets.newToken(""));
    }

    /**
     * Opens a session for the right e-mail and password. An account with too many recent failures is refused before
     * its password is compared, the right one included (ADR-0041).
     */
    @Transactional
    public OpenedSession open(String email, String password) {
        throttle.check(email);
        Optional<UserAccount> user = users.findByEmail(email);
        boolean passwordMatches = passwords.matches(password, user.map(UserAccount::passwordHash).orElse(unknownUserHash));
        if (user.isEmpty() || !passwordMatches || !user.get().active()) {
            throttle.failed(email, user.map(UserAccount::id).orElse(null));
            throw new InvalidCredentialsException();
        }
        throttle.succeeded(email);
        String token = Secrets.newToken(BearerCredentials.SESSION_TOKEN_PREFIX);
        Instant now = clock.instant();
        Instant expiresAt = now.plus(sessionTtl);
        sessions.save(new UserSession(Secrets.sha256Hex(token), user.get().id(), now, expiresAt));
        return new OpenedSession(token, now, expiresAt, user.get());
    }

    /** The active user behind an open session, if the token names one. */
    @Transactional(readOnly = true)
    public Optional<AuthenticatedSession> authenticate(String token) {
        String tokenHash = Secrets.sha256Hex(token);
        return sessions.findById(tokenHash)
                .filter(session -> session.openAt(clock.instant()))
                .flatMap(session -> users.findById(session.userId()))
                .filter(UserAccount::active)
                .map(user -> new AuthenticatedSession(tokenHash, user));
    }

    @Transactional
    public void end(String tokenHash) {
        sessions.findById(tokenHash).ifPresent(session -> session.end(clock.instant()));
    }

    /** A session that authenticated a request: its token's hash and its user. */
    public record AuthenticatedSession(String tokenHash, UserAccount user) {
    }
}
