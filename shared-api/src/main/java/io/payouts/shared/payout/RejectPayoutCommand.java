package io.payouts.shared.payout;

import io.payouts.shared.Mode;
import io.payouts.shared.ModeScoped;
import io.payouts.shared.PayoutScoped;

import java.time.Instant;
import java.util.Objects;

/**
 * An owner or admin, not the requester, rejects a payout waiting for approval (ADR-0046), with a reason; its rule is
 * checked once the payout is known to be the caller's ({@code ApprovalDecisions}).
 */
public record RejectPayoutCommand(PayoutId payoutId, Mode mode, String rejecterId, String reason, Instant rejectedAt)
        implements ModeScoped, PayoutScoped {

    public RejectPayoutCommand {
        Objects.requireNonNull(payoutId, "payoutId");
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(rejecterId, "rejecterId");
        Objects.requireNonNull(rejectedAt, "rejectedAt");
    }
}
