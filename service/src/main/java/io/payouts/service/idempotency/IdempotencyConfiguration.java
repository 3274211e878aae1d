package io.payouts.service.idempotency;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.scheduling.annotation.Scheduled;

import java.time.Clock;
import java.util.concurrent.TimeUnit;

/** Idempotency records in the service's PostgreSQL, and the periodic removal of expired ones (ADR-0010). */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(IdempotencyProperties.class)
class IdempotencyConfiguration {

    private static final Logger log = LoggerFactory.getLogger(IdempotencyConfiguration.class);

    @Bean
    IdempotencyRecords idempotencyRecords(JdbcTemplate jdbc) {
        return new IdempotencyRecords(jdbc);
    }

    /** The filter runs inside the security chain (SecurityConfiguration), not as a servlet filter of its own. */
    @Bean
    FilterRegistrationBean<IdempotencyFilter> idempotencyFilterOutsideSecurity(IdempotencyFilter filter) {
        FilterRegistrationBean<IdempotencyFilter> registration = new FilterRegistrationBean<>(filter);
        registration.setEnabled(false);
        return registration;
    }

    @Bean
    ExpiredRecordsRemoval expiredIdempotencyRecordsRemoval(IdempotencyRecords records, Clock clock) {
        return new ExpiredRecordsRemoval(records, clock);
    }

    /**
     * Expired records answer nothing (a new request replaces one), but without this every key ever used would keep
     * its row. Several instances may run it at once: each skips rows another is deleting.
     */
    static class ExpiredRecordsRemoval {

        private final IdempotencyRecords records;
        private final Clock clock;

        ExpiredRecordsRemoval(IdempotencyRecords records, Clock clock) {
            this.records = records;
            this.clock = clock;
        }

        @Scheduled(initialDelay = 10, fixedDelay = 10, timeUnit = TimeUnit.MINUTES)
        void removeExpired() {
            try {
                int removed = records.removeExpired(clock.instant());
                log.debug("Removed {} expired idempotency records", removed);
            } catch (RuntimeException e) {
                log.warn("Could not remove expired idempotency records; next try in 10 minutes: {}", e.toString());
            }
        }
    }
}
