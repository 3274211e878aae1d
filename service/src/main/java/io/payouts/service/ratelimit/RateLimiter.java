package io.payouts.service.ratelimit;

import io.github.bucket4j.BucketConfiguration;
import io.github.bucket4j.ConsumptionProbe;
import io.github.bucket4j.TimeMeter;
import io.github.bucket4j.distributed.ExpirationAfterWriteStrategy;
import io.github.bucket4j.distributed.jdbc.PrimaryKeyMapper;
import io.github.bucket4j.postgresql.Bucket4jPostgreSQL;
import io.github.bucket4j.postgresql.PostgreSQLSelectForUpdateBasedProxyManager;

import javax.sql.DataSource;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.TimeUnit;

/**
 * Takes one token per request from the caller's bucket in PostgreSQL, so every instance of the service counts
 * against the same buckets (ADR-0008). Bucket4j does the token arithmetic; the bucket's row is locked with
 * {@code select ... for update} for the few statements of one decision.
 */
class RateLimiter {

    static final String TABLE = "rate_limit_buckets";
    /** A bucket that has been full again for this long is the same as a new one, so its row may go. */
    private static final Duration KEEP_AFTER_REFILL = Duration.ofMinutes(1);
    private static final int REMOVAL_BATCH = 1_000;

    private final PostgreSQLSelectForUpdateBasedProxyManager<String> buckets;
    private final BucketConfiguration configuration;
    private final String configurationTag;
    private final long limit;
    private final Clock clock;

    RateLimiter(DataSource dataSource, RateLimitProperties properties, Clock clock) {
        this.buckets = Bucket4jPostgreSQL.selectForUpdateBasedBuilder(dataSource)
                .primaryKeyMapper(PrimaryKeyMapper.STRING)
                .table(TABLE)
                .idColumn("id")
                .stateColumn("state")
                .expiresAtColumn("expires_at")
                .expirationAfterWrite(
                        ExpirationAfterWriteStrategy.basedOnTimeForRefillingBucketUpToMax(KEEP_AFTER_REFILL))
                .clientClock(timeMeter(clock))
                .build();
        this.configuration = BucketConfiguration.builder()
                .addLimit(bandwidth -> bandwidth.capacity(properties.capacity())
                        .refillGreedy(properties.refillPerMinute(), Duration.ofMinutes(1)))
                .build();
        // Bucket4j keeps a bucket's configuration in its row; naming the row after the configuration makes a
        // changed limit apply at once, with fresh buckets, instead of only to callers seen for the first time.
        this.configurationTag = "@" + properties.capacity() + "/" + properties.refillPerMinute();
        this.limit = properties.refillPerMinute();
        this.clock = clock;
    }

    /** Spends one token of {@code bucketKey}'s bucket if it has one. */
    Decision tryConsume(String bucketKey) {
        ConsumptionProbe probe = buckets.builder()
                .build(bucketKey + configurationTag, () -> configuration)
                .tryConsumeAndReturnRemaining(1);
        Instant now = clock.instant();
        long resetEpochSecond = roundUpToSecond(now.plusNanos(probe.getNanosToWaitForReset()));
        long retryAfterSeconds = probe.isConsumed() ? 0
                : Math.max(1, ceilSeconds(probe.getNanosToWaitForRefill()));
        return new Decision(probe.isConsumed(), limit, Math.max(0, probe.getRemainingTokens()), resetEpochSecond,
                retryAfterSeconds);
    }

    /** Deletes the rows of buckets that have been full again for a while; returns how many went. */
    int removeExpiredBuckets() {
        int removed = 0;
        int batch;
        do {
            batch = buckets.removeExpired(REMOVAL_BATCH);
            removed += batch;
        } while (batch == REMOVAL_BATCH);
        return removed;
    }

    private static long roundUpToSecond(Instant instant) {
        return instant.getNano() == 0 ? instant.getEpochSecond() : instant.getEpochSecond() + 1;
    }

    private static long ceilSeconds(long nanos) {
        return Math.floorDiv(nanos + TimeUnit.SECONDS.toNanos(1) - 1, TimeUnit.SECONDS.toNanos(1));
    }

    /** Bucket4j refills by the service's clock, the same one the reset time is computed from. */
    private static TimeMeter timeMeter(Clock clock) {
        return new TimeMeter() {
            @Override
            public long currentTimeNanos() {
                return TimeUnit.MILLISECONDS.toNanos(clock.millis());
            }

            @Override
            public boolean isWallClockBased() {
                return true;
            }
        };
    }

    /**
     * The outcome for one request.
     *
     * @param allowed            whether a token was spent and the request may proceed
     * @param limit              the advertised limit per window: the refill per minute
     * @param remaining          tokens left after this request, never negative
     * @param resetEpochSecond   when the bucket will be full again, in epoch seconds (rounded up)
     * @param retryAfterSeconds  for a refused request, whole seconds until a token is back (at least 1); else 0
     */
    record Decision(boolean allowed, long limit, long remaining, long resetEpochSecond, long retryAfterSeconds) {
    }
}
