package io.payouts.service.ratelimit;

import com.zaxxer.hikari.HikariDataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.scheduling.annotation.EnableScheduling;
import org.springframework.scheduling.annotation.Scheduled;

import javax.sql.DataSource;
import java.time.Clock;
import java.util.concurrent.TimeUnit;

/** Rate-limit buckets in the service's PostgreSQL, and the periodic removal of idle ones (ADR-0008). */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(RateLimitProperties.class)
@EnableScheduling
class RateLimitConfiguration {

    private static final Logger log = LoggerFactory.getLogger(RateLimitConfiguration.class);

    @Bean
    RateLimiter rateLimiter(BucketConnections connections, RateLimitProperties properties, Clock clock) {
        return new RateLimiter(connections.dataSource(), properties, clock);
    }

    /** Depends on the main DataSource, so Spring closes it first, before the database stops. */
    @Bean(destroyMethod = "close")
    BucketConnections bucketConnections(DataSource main) {
        return BucketConnections.over(main);
    }

    /**
     * A small pool of its own whose commits do not wait for the disk: a bucket's state is not money, and losing
     * its last milliseconds in a crash only forgives a few requests. Every request touches a bucket, so this
     * takes an fsync off every request's path (ADR-0008). Other data sources than Hikari are used as they are.
     */
    record BucketConnections(DataSource dataSource, boolean own) implements AutoCloseable {

        static BucketConnections over(DataSource main) {
            if (!(main instanceof HikariDataSource hikari)) {
                return new BucketConnections(main, false);
            }
            HikariDataSource buckets = new HikariDataSource();
            buckets.setJdbcUrl(hikari.getJdbcUrl());
            buckets.setUsername(hikari.getUsername());
            buckets.setPassword(hikari.getPassword());
            buckets.setMaximumPoolSize(4);
            buckets.setPoolName("payouts-rate-limit");
            buckets.setConnectionInitSql("set synchronous_commit to off");
            return new BucketConnections(buckets, true);
        }

        @Override
        public void close() {
            if (own && dataSource instanceof HikariDataSource hikari) {
                hikari.close();
            }
        }
    }

    /** The filter runs inside the security chain (SecurityConfiguration), not as a servlet filter of its own. */
    @Bean
    FilterRegistrationBean<RateLimitFilter> rateLimitFilterOutsideSecurity(RateLimitFilter filter) {
        FilterRegistrationBean<RateLimitFilter> registration = new FilterRegistrationBean<>(filter);
        registration.setEnabled(false);
        return registration;
    }

    @Bean
    ExpiredBucketsRemoval expiredBucketsRemoval(RateLimiter limiter) {
        return new ExpiredBucketsRemoval(limiter);
    }

    /**
     * Every client address that ever called leaves a row; rows of buckets that have refilled are deleted. Several
     * instances may run this at once: Bucket4j skips rows another transaction holds.
     */
    static class ExpiredBucketsRemoval {

        private final RateLimiter limiter;

        ExpiredBucketsRemoval(RateLimiter limiter) {
            this.limiter = limiter;
        }

        @Scheduled(initialDelay = 10, fixedDelay = 10, timeUnit = TimeUnit.MINUTES)
        void removeExpired() {
            try {
                int removed = limiter.removeExpiredBuckets();
                log.debug("Removed {} idle rate-limit buckets", removed);
            } catch (RuntimeException e) {
                log.warn("Could not remove idle rate-limit buckets; next try in 10 minutes: {}", e.toString());
            }
        }
    }
}
