package io.payouts.service.http.ratelimit;

import io.payouts.testsupport.DatabaseTest;
import io.payouts.testsupport.TestPostgres;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import javax.sql.DataSource;

import static org.assertj.core.api.Assertions.assertThat;

/** The limiter against a real PostgreSQL migrated by Flyway, with a clock the tests move by hand (ADR-0008). */
@DatabaseTest
class RateLimiterTest {

    private static DataSource dataSource;
    private static JdbcTemplate jdbc;

    private final MovableClock clock = new MovableClock(Instant.now().truncatedTo(ChronoUnit.SECONDS));

    @BeforeAll
    static void migrate() {
        TestPostgres.TestDatabase database = TestPostgres.newDatabase();
        dataSource = new DriverManagerDataSource(database.url(), database.username(), database.password());
        Flyway.configure().dataSource(dataSource).load().migrate();
        jdbc = new JdbcTemplate(dataSource);
    }

    @Test
    void allowsABurstUpToCapacityThenRefuses() {
        RateLimiter limiter = limiter(3, 60);
        String key = newKey();

        assertThat(limiter.tryConsume(key)).extracting(RateLimiter.Decision::allowed, RateLimiter.Decision::remaining)
                .containsExactly(true, 2L);
        assertThat(limiter.tryConsume(key).remaining()).isEqualTo(1);
        assertThat(limiter.tryConsume(key).remaining()).isZero();

        RateLimiter.Decision refused = limiter.tryConsume(key);
        assertThat(refused.allowed()).isFalse();
        assertThat(refused.remaining()).isZero();
        assertThat(refused.retryAfterSeconds()).isEqualTo(1);
    }

    @Test
    void separateKeysHaveSeparateBuckets() {
        RateLimiter limiter = limiter(2, 1);
        String exhausted = newKey();
        limiter.tryConsume(exhausted);
        limiter.tryConsume(exhausted);
        assertThat(limiter.tryConsume(exhausted).allowed()).isFalse();

        RateLimiter.Decision other = limiter.tryConsume(newKey());
        assertThat(other.allowed()).isTrue();
        assertThat(other.remaining()).isEqualTo(1);
    }

    @Test
    void remainingNeverGoesNegativeWhileRefusing() {
        RateLimiter limiter = limiter(1, 1);
        String key = newKey();
        limiter.tryConsume(key);

        for (int i = 0; i < 5; i++) {
            RateLimiter.Decision refused = limiter.tryConsume(key);
            assertThat(refused.allowed()).isFalse();
            assertThat(refused.remaining()).isZero();
        }
    }

    @Test
    void advertisesTheRefillPerMinuteAsTheLimitAndWhenTheBucketIsFullAgain() {
        RateLimiter limiter = limiter(200, 100);
        String key = newKey();

        RateLimiter.Decision first = limiter.tryConsume(key);
        assertThat(first.limit()).isEqualTo(100);
        assertThat(first.remaining()).isEqualTo(199);
        // One token at 100 per minute takes 0.6 s to come back: rounded up to the next second.
        assertThat(first.resetEpochSecond()).isEqualTo(clock.instant().getEpochSecond() + 1);

        for (int i = 0; i < 99; i++) {
            limiter.tryConsume(key);
        }
        // 100 tokens spent: a minute until full.
        assertThat(limiter.tryConsume(key).resetEpochSecond())
                .isEqualTo(clock.instant().plus(Duration.ofMillis(60_600)).getEpochSecond() + 1);
    }

    @Test
    void refillsAsTimePassesAndTellsHowLongToWait() {
        RateLimiter limiter = limiter(2, 1);
        String key = newKey();
        limiter.tryConsume(key);
        limiter.tryConsume(key);

        assertThat(limiter.tryConsume(key).retryAfterSeconds()).isEqualTo(60);
        clock.advance(Duration.ofSeconds(45));
        assertThat(limiter.tryConsume(key).retryAfterSeconds()).isEqualTo(15);
        clock.advance(Duration.ofSeconds(15));

        RateLimiter.Decision refilled = limiter.tryConsume(key);
        assertThat(refilled.allowed()).isTrue();
        assertThat(refilled.remaining()).isZero();
        assertThat(refilled.retryAfterSeconds()).isZero();
    }

    @Test
    void instancesOnOneDatabaseShareTheBuckets() {
        RateLimiter one = limiter(2, 1);
        RateLimiter other = limiter(2, 1);
        String key = newKey();

        assertThat(one.tryConsume(key).allowed()).isTrue();
        assertThat(other.tryConsume(key).remaining()).isZero();
        assertThat(one.tryConsume(key).allowed()).isFalse();
    }

    @Test
    void aHighLimitIsSpentLocallyUpToATenthOfASecondsRefillThenSettledWithTheSharedRow() {
        RateLimiter busy = limiter(1_000, 6_000);
        String key = newKey();
        for (int i = 0; i < 10; i++) {
            assertThat(busy.tryConsume(key).allowed()).isTrue();
        }
        // the first request settled with the row, the nine after it are this instance's own (6,000/min: 10 a tenth)
        assertThat(limiter(1_000, 6_000).tryConsume(key).remaining()).isEqualTo(1_000 - 1 - 1);

        busy.tryConsume(key);
        busy.tryConsume(key);
        assertThat(limiter(1_000, 6_000).tryConsume(key).remaining()).isEqualTo(1_000 - 12 - 2);

        busy.tryConsume(key);
        clock.advance(RateLimiter.MAX_UNSYNCHRONIZED_TIME.plusMillis(1));
        busy.tryConsume(key);
        // 101 ms refilled 10 tokens; both requests of the busy instance are in the row
        assertThat(limiter(1_000, 6_000).tryConsume(key).remaining()).isEqualTo(1_000 - 14 - 3 + 10);
    }

    @Test
    void concurrentRequestsNeverSpendMoreThanTheCapacity() throws Exception {
        RateLimiter one = limiter(20, 1);
        RateLimiter other = limiter(20, 1);
        String key = newKey();
        List<Callable<Boolean>> attempts = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            RateLimiter instance = i % 2 == 0 ? one : other;
            attempts.add(() -> instance.tryConsume(key).allowed());
        }

        ExecutorService threads = Executors.newFixedThreadPool(10);
        try {
            long allowed = 0;
            for (Future<Boolean> attempt : threads.invokeAll(attempts)) {
                allowed += attempt.get() ? 1 : 0;
            }
            assertThat(allowed).isEqualTo(20);
        } finally {
            threads.shutdownNow();
        }
    }

    @Test
    void aChangedLimitAppliesAtOnceWithFreshBuckets() {
        String key = newKey();
        RateLimiter before = limiter(1, 1);
        before.tryConsume(key);
        assertThat(before.tryConsume(key).allowed()).isFalse();

        RateLimiter after = limiter(10, 5);
        RateLimiter.Decision decision = after.tryConsume(key);
        assertThat(decision.allowed()).isTrue();
        assertThat(decision.remaining()).isEqualTo(9);
        assertThat(decision.limit()).isEqualTo(5);
    }

    @Test
    void keepsABucketUntilAMinuteAfterItIsFullAgainThenRemovesIt() {
        RateLimiter limiter = limiter(5, 5);
        String idle = newKey();
        String busy = newKey();
        long before = System.currentTimeMillis();
        limiter.tryConsume(idle);
        limiter.tryConsume(busy);

        // One of five tokens at five a minute is back in 12 s; the row is kept for a minute after that. Bucket4j
        // stamps and compares expiry with the system clock.
        assertThat(expiresAt(busy)).isBetween(before + 72_000 - 1_000, System.currentTimeMillis() + 72_000 + 1_000);

        jdbc.update("update " + RateLimiter.TABLE + " set expires_at = ? where id like ?",
                System.currentTimeMillis() - 1, idle + "@%");
        assertThat(limiter.removeExpiredBuckets()).isGreaterThanOrEqualTo(1);

        assertThat(rowsFor(idle)).isZero();
        assertThat(rowsFor(busy)).isEqualTo(1);
    }

    private RateLimiter limiter(long capacity, long refillPerMinute) {
        return new RateLimiter(dataSource, new RateLimitProperties(capacity, refillPerMinute), clock);
    }

    private static String newKey() {
        return "key:key_" + UUID.randomUUID().toString().replace("-", "");
    }

    private static long expiresAt(String key) {
        return jdbc.queryForObject("select expires_at from " + RateLimiter.TABLE + " where id like ?", Long.class,
                key + "@%");
    }

    private static int rowsFor(String key) {
        return jdbc.queryForObject("select count(*) from " + RateLimiter.TABLE + " where id like ?", Integer.class,
                key + "@%");
    }

    /** A clock that moves only when a test says so. */
    private static final class MovableClock extends Clock {

        private volatile Instant now;

        MovableClock(Instant now) {
            this.now = now;
        }

        void advance(Duration duration) {
            now = now.plus(duration);
        }

        @Override
        public Instant instant() {
            return now;
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            throw new UnsupportedOperationException();
        }
    }
}
