package io.payouts.service.http.ratelimit;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.github.bucket4j.Bucket;
import io.github.bucket4j.BucketConfiguration;
import io.github.bucket4j.ConsumptionProbe;
import io.github.bucket4j.TimeMeter;
import io.github.bucket4j.distributed.ExpirationAfterWriteStrategy;
import io.github.bucket4j.distributed.jdbc.PrimaryKeyMapper;
import io.github.bucket4j.distributed.proxy.optimization.DelayParameters;
import io.github.bucket4j.distributed.proxy.optimization.NopeOptimizationListener;
import io.github.bucket4j.distributed.proxy.optimization.Optimization;
import io.github.bucket4j.distributed.proxy.optimization.delay.DelayOptimization;
import io.github.bucket4j.postgresql.Bucket4jPostgreSQL;
import io.github.bucket4j.postgresql.PostgreSQLSelectForUpdateBasedProxyManager;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;

/**
 * Takes one token per request from the caller's bucket in PostgreSQL, so every instance of the service counts
 * against the same buckets (ADR-0008).
 *
 * <p>So that a high limit does not cost a transaction per request, each bucket's proxy is kept with Bucket4j's
 * delaying optimization: an instance spends up to a tenth of a second's refill locally, then settles it with the row,
 * at least every {@link #MAX_UNSYNCHRONIZED_TIME}. Below 600 a minute (the default is 100) that is no token, and every
 * request goes to the row (ADR-0018).
 */
public class RateLimiter {

    static final String TABLE = "rate_limit_buckets";
    /** A bucket that has been full again for this long is the same as a new one, so its row may go. */
    private static final Duration KEEP_AFTER_REFILL = Duration.ofMinutes(1);
    private static final int REMOVAL_BATCH = 1_000;
    static final Duration MAX_UNSYNCHRONIZED_TIME = Duration.ofMillis(100);

    private final PostgreSQLSelectForUpdateBasedProxyManager<String> buckets;
    private final BucketConfiguration configuration;
    private final String configurationTag;
    private final long limit;
    private final Clock clock;
    private final Optimization settleInBatches;
    private final Cache<String, Bucket> proxies = Caffeine.newBuilder()
            .expireAfterAccess(Duration.ofMinutes(5)).maximumSize(100_000).build();

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
        long tenthOfASecondsRefill = properties.refillPerMinute() / 600;
        this.settleInBatches = tenthOfASecondsRefill < 1 ? null : new DelayOptimization(
                new DelayParameters(tenthOfASecondsRefill, MAX_UNSYNCHRONIZED_TIME),
                NopeOptimizationListener.INSTANCE, timeMeter(clock));
    }

    /** Spends one token of {@code bucketKey}'s bucket if it has one. */
    Decision tryConsume(String bucketKey) {
        // the optimization's unsettled tokens live in the proxy, so one proxy per bucket is kept and shared
        ConsumptionProbe probe = proxies.get(bucketKey, this::proxy).tryConsumeAndReturnRemaining(1);
        Instant now = clock.instant();
        long resetEpochSecond = roundUpToSecond(now.plusNanos(probe.getNanosToWaitForReset()));
        long retryAfterSeconds = probe.isConsumed() ? 0
                : Math.max(1, ceilSeconds(probe.getNanosToWaitForRefill()));
        return new Decision(probe.isConsumed(), limit, Math.max(0, probe.getRemainingTokens()), resetEpochSecond,
                retryAfterSeconds);
    }

    private Bucket proxy(String bucketKey) {
        var builder = buckets.builder();
        if (settleInBatches != null) {
            builder = builder.withOptimization(settleInBatches);
        }
        return builder.build(bucketKey + configurationTag, () -> configuration);
    }

    /** Deletes the rows of buckets that have been full again for a while; returns how many went. */
    public int removeExpiredBuckets() {
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
