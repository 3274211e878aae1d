package io.payouts.shared.payout;

import io.payouts.shared.Mode;
import io.payouts.shared.ModeScoped;
import io.payouts.shared.PayoutScoped;

import java.time.Instant;

/** The fleet cancels a payout that has not reached the rail's processing yet: its reservation is released. */
public record CancelPayoutCommand(PayoutId payoutId, Mode mode, Instant canceledAt) implements ModeScoped, PayoutScoped {
}
