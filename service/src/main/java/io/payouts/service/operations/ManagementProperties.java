package io.payouts.service.operations;

import org.springframework.boot.context.properties.ConfigurationProperties;

import java.time.Duration;

/**
 * Operations settings (ADR-0022).
 *
 * @param token           the bearer token Prometheus sends to read /management/prometheus; unset, nobody may
 * @param maxProcessorLag events an event processor may be behind the event store's head before readiness is DOWN
 * @param sampleInterval  how often the wallet, processor and parked-event figures are read for the metrics
 */
@ConfigurationProperties("payouts.management")
record ManagementProperties(String token, long maxProcessorLag, Duration sampleInterval) {

    ManagementProperties {
        if (maxProcessorLag < 1) {
            throw new IllegalArgumentException("payouts.management.max-processor-lag must be at least 1");
        }
        if (sampleInterval == null || sampleInterval.isNegative() || sampleInterval.isZero()) {
            throw new IllegalArgumentException("payouts.management.sample-interval must be positive");
        }
    }

    boolean tokenConfigured() {
        return token != null && !token.isBlank();
    }
}
