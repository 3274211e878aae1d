package io.payouts.webhook.delivery;

import java.time.Duration;

/**
 * How much one dispatcher sends at once (ADR-0030).
 *
 * @param perSubscription     attempts one subscription may have under way, across every instance: what one receiver
 *                            is asked to bear
 * @param inFlightPerInstance attempts this instance has under way, across subscriptions
 * @param pollInterval        how long an idle dispatcher waits before it looks for work again; finished attempts
 *                            and new deliveries wake it sooner
 */
public record DispatchLimits(int perSubscription, int inFlightPerInstance, Duration pollInterval) {

    public DispatchLimits {
        if (perSubscription < 1 || inFlightPerInstance < 1) {
            throw new IllegalArgumentException("webhook concurrency must be at least 1, was " + perSubscription
                    + " per subscription and " + inFlightPerInstance + " per instance");
        }
    }
}
