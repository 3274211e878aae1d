package io.payouts.shared.wallet;

import io.payouts.shared.payout.PayoutId;

/** Funds set aside for one payout until it completes (debited), fails or is canceled (returned to available). */
public record Reservation(PayoutId payoutId, long amount) {
}
