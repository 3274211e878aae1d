package io.payouts.webhook.subscription;

/** active -> disabled (its deliveries all failed for the retry window) | deleted (by the client). */
public enum SubscriptionStatus {
    ACTIVE,
    DISABLED,
    DELETED
}
