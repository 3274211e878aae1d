package io.payouts.webhook;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

import java.time.Duration;

/**
 * Webhooks (decisions.md, Webhooks; ADR-0014).
 *
 * @param allowInsecureTargets    allow http and non-public targets (local testing only)
 * @param retryInitialDelay       the first retry's delay, doubling after each failure
 * @param retryWindow             how long a delivery is retried; a subscription whose deliveries all fail that long
 *                                is disabled
 * @param pollInterval            an idle dispatcher's wait; new work wakes it sooner (ADR-0030)
 * @param maxConcurrentDeliveries attempts under way per instance
 * @param concurrencyPerSubscription attempts under way per subscription, across instances
 * @param inboundSecret           signs inbound webhooks; generated and kept when empty
 * @param logRetention            how long finished deliveries and inbound events stay
 */
@ConfigurationProperties("payouts.webhooks")
public record WebhookProperties(@DefaultValue("false") boolean allowInsecureTargets,
                                @DefaultValue("1m") Duration retryInitialDelay,
                                @DefaultValue("3d") Duration retryWindow,
                                @DefaultValue("1s") Duration pollInterval,
                                @DefaultValue("64") int maxConcurrentDeliveries,
                                @DefaultValue("8") int concurrencyPerSubscription,
                                @DefaultValue("") String inboundSecret,
                                @DefaultValue("30d") Duration logRetention) {

    public WebhookProperties {
        requirePositive("payouts.webhooks.retry-initial-delay", retryInitialDelay);
        requirePositive("payouts.webhooks.retry-window", retryWindow);
        requirePositive("payouts.webhooks.poll-interval", pollInterval);
        requirePositive("payouts.webhooks.log-retention", logRetention);
        requireAtLeastOne("payouts.webhooks.max-concurrent-deliveries", maxConcurrentDeliveries);
        requireAtLeastOne("payouts.webhooks.concurrency-per-subscription", concurrencyPerSubscription);
        inboundSecret = inboundSecret == null ? "" : inboundSecret.trim();
    }

    private static void requireAtLeastOne(String name, int value) {
        if (value < 1) {
            throw new IllegalArgumentException(name + " must be at least 1, was " + value);
        }
    }

    private static void requirePositive(String name, Duration value) {
        if (value == null || value.isNegative() || value.toMillis() < 1) {
            throw new IllegalArgumentException(name + " must be at least 1ms, was " + value);
        }
    }
}
