package io.payouts.service.access;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

import java.sql.Timestamp;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Locale;

/**
 * Counts failed sign-ins per account and makes the next try wait (ADR-0041). An account is named by its e-mail's
 * hash, so an unknown e-mail is slowed down exactly like a known one (guessing learns nothing about who has an
 * account) and the table holds no address. The rows are shared by every instance.
 */
@Component
public class SignInThrottle {

    static final String TABLE = "sign_in_throttle";
    private static final Logger log = LoggerFactory.getLogger(SignInThrottle.class);

    private final JdbcTemplate jdbc;
    private final Clock clock;
    private final SignInThrottleProperties limits;
    private final SignInBackoff backoff;
    private final Counter failures;
    private final Counter locks;

    SignInThrottle(JdbcTemplate jdbc, Clock clock, SignInThrottleProperties limits, MeterRegistry meters) {
        this.jdbc = jdbc;
        this.clock = clock;
        this.limits = limits;
        this.backoff = new SignInBackoff(limits);
        this.failures = Counter.builder("payouts.sign_in.failures")
                .description("Sign-ins refused for a wrong e-mail or password").register(meters);
        this.locks = Counter.builder("payouts.sign_in.locks")
                .description("Accounts locked after too many failed sign-ins").register(meters);
    }

    /** Refuses the try, before any password is compared, while the account must wait. */
    void check(String email) {
        Instant now = clock.instant();
        List<Blocked> blocked = jdbc.query("select blocked_until, failures from " + TABLE
                        + " where account_key = ? and blocked_until > ?",
                (row, index) -> new Blocked(row.getTimestamp("blocked_until").toInstant(), row.getInt("failures")),
                accountKey(email), Timestamp.from(now));
        if (!blocked.isEmpty()) {
            Blocked found = blocked.get(0);
            throw SignInThrottledException.until(found.until(), found.failures() >= limits.lockAfter(), now);
        }
    }

    /**
     * Counts a failure in its own transaction, since the refusal rolls back the sign-in's, and sets the wait it
     * earns. A lock is logged as {@code sign_in.locked} with the user's id (never the e-mail) and counted.
     */
    @Transactional(propagation = Propagation.REQUIRES_NEW)
    public void failed(String email, String userIdOrNull) {
        failures.increment();
        Instant now = clock.instant();
        Timestamp at = Timestamp.from(now);
        Timestamp windowStart = Timestamp.from(now.minus(limits.window()));
        String key = accountKey(email);
        Integer count = jdbc.queryForObject("""
                insert into sign_in_throttle as t (account_key, failures, first_failure_at, blocked_until)
                values (?, 1, ?, null)
                on conflict (account_key) do update set
                    failures = case when t.first_failure_at < ? then 1 else t.failures + 1 end,
                    first_failure_at = case when t.first_failure_at < ? then excluded.first_failure_at
                                            else t.first_failure_at end
                returning failures""", Integer.class, key, at, windowStart, windowStart);
        int failuresInWindow = count == null ? 1 : count;
        backoff.after(failuresInWindow).ifPresent(wait -> {
            Instant until = now.plus(wait.duration());
            jdbc.update("update sign_in_throttle set blocked_until = ? where account_key = ?", Timestamp.from(until),
                    key);
            if (wait.locked()) {
                locks.increment();
                log.warn("sign_in.locked: {} locked until {} after {} failed sign-ins within {}",
                        userIdOrNull == null ? "an unknown e-mail" : "user " + userIdOrNull, until, failuresInWindow,
                        limits.window());
            }
        });
    }

    /** A successful sign-in starts the count again. */
    void succeeded(String email) {
        jdbc.update("delete from sign_in_throttle where account_key = ?", accountKey(email));
    }

    /** Rows whose window and wait are both over say nothing any more. */
    public int removeExpired() {
        Instant now = clock.instant();
        return jdbc.update("delete from sign_in_throttle where first_failure_at < ?"
                        + " and (blocked_until is null or blocked_until < ?)",
                Timestamp.from(now.minus(limits.window())), Timestamp.from(now));
    }

    private static String accountKey(String email) {
        return Secrets.sha256Hex(email.trim().toLowerCase(Locale.ROOT));
    }

    private record Blocked(Instant until, int failures) {
    }
}
