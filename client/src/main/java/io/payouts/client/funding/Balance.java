package io.payouts.client.funding;

/** The wallet, in cents: available to pay, pending top-ups, and reserved by payouts on their way. */
public record Balance(long available, long pending, long inTransit, String currency) {
}
