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
 * @param pollInterval            how long an idle dispatcher waits before it looks for deliveries that came due;
 *                                a finished attempt or a new delivery wakes it at once (ADR-0030)
 * @param maxConcurrentDeliveries how many attempts one instance has under way at once, across all subscriptions
 * @param concurrencyPerSubscription how many attempts one subscription has under way at once, across instances
 * @param inboundSecret           the secret inbound webhooks are signed with; generated and kept when empty
 * @param logRetention            how long finished deliveries and inbound events stay in the logs
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
