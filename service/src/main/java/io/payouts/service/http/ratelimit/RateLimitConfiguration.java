package io.payouts.service.http.ratelimit;

import com.zaxxer.hikari.HikariDataSource;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import java.time.Clock;
import javax.sql.DataSource;

/** Rate-limit buckets in the service's PostgreSQL (ADR-0008); the assembly's Scheduling removes idle ones. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(RateLimitProperties.class)
class RateLimitConfiguration {

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
}
