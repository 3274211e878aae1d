package io.payouts.service.http.idempotency;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;

/** Idempotency records in the service's PostgreSQL (ADR-0010); the assembly's Scheduling removes expired ones. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(IdempotencyProperties.class)
class IdempotencyConfiguration {

    @Bean
    IdempotencyRecords idempotencyRecords(JdbcTemplate jdbc) {
        return new IdempotencyRecords(jdbc);
    }
}
