package io.payouts.shared.payout;

import io.payouts.shared.PayoutScoped;
import java.time.Instant;

/** The rail (or an inbound webhook) reports the payout failed: its reservation is released. */
public record FailPayoutCommand(PayoutId payoutId, String reason, Instant failedAt) implements PayoutScoped {
}
