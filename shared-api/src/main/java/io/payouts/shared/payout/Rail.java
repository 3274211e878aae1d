package io.payouts.shared.payout;

/** How a payout travels: the standard rail (free, about 10 s here) or the instant rail (a fee, about 30 s). */
public enum Rail {
    STANDARD,
    INSTANT
}
