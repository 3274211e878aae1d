package io.payouts.shared.wallet;

/**
 * The wallet in cents: {@code available} to spend now, {@code pending} top-ups not yet settled, {@code inTransit}
 * reserved by payouts accepted but not yet completed or failed.
 */
public record WalletBalance(long available, long pending, long inTransit) {

    public static final WalletBalance EMPTY = new WalletBalance(0, 0, 0);
}
