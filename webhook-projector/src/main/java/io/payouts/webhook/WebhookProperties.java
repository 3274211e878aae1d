package io.payouts.webhook;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

import java.time.Duration;

/**
 * Webhooks (decisions.md, Webhooks; ADR-0014).
 *
 * @param allowInsecureTargets    accept http URLs and targets that resolve to loopback, private or link-local
 *                                addresses (local testing only)
 * @param retryInitialDelay       the wait after a delivery's first failed attempt; it doubles after each one
 * @param retryWindow             how long a delivery is retried before it is failed, and how long a subscription's
 *                                deliveries must all have failed before it is disabled
 * @param pollInterval            how often the dispatcher looks for deliveries that came due
 * @param maxConcurrentDeliveries how many attempts run at once, across all subscriptions
 * @param inboundSecret           the secret inbound webhooks are signed with; generated and kept when empty
 * @param logRetention            how long finished deliveries and inbound events stay in the logs
 */
@ConfigurationProperties("payouts.webhooks")
public record WebhookProperties(@DefaultValue("false") boolean allowInsecureTargets,
                                @DefaultValue("1m") Duration retryInitialDelay,
                                @DefaultValue("3d") Duration retryWindow,
                                @DefaultValue("1s") Duration pollInterval,
                                @DefaultValue("8") int maxConcurrentDeliveries,
                                @DefaultValue("") String inboundSecret,
                                @DefaultValue("30d") Duration logRetention) {

    public WebhookProperties {
        requirePositive("payouts.webhooks.retry-initial-delay", retryInitialDelay);
        requirePositive("payouts.webhooks.retry-window", retryWindow);
        requirePositive("payouts.webhooks.poll-interval", pollInterval);
        requirePositive("payouts.webhooks.log-retention", logRetention);
        if (maxConcurrentDeliveries < 1) {
            throw new IllegalArgumentException("payouts.webhooks.max-concurrent-deliveries must be at least 1, was "
                    + maxConcurrentDeliveries);
        }
        inboundSecret = inboundSecret == null ? "" : inboundSecret.trim();
    }

    private static void requirePositive(String name, Duration value) {
        if (value == null || value.isNegative() || value.toMillis() < 1) {
            throw new IllegalArgumentException(name + " must be at least 1ms, was " + value);
        }
    }
}
