package io.payouts.shared.payout;

import io.payouts.shared.Mode;
import io.payouts.shared.ModeScoped;
import io.payouts.shared.PayoutScoped;

import java.time.Instant;
import java.util.Objects;

/**
 * An owner or admin approves a payout waiting for approval (ADR-0046); {@code approverId} is their user id, which may
 * not be the requester's. {@code requestId} and {@code caller} go into the approval's audit metadata.
 */
public record ApprovePayoutCommand(PayoutId payoutId, Mode mode, String approverId, String requestId, String caller,
                                   Instant approvedAt) implements ModeScoped, PayoutScoped {

    public ApprovePayoutCommand {
        Objects.requireNonNull(payoutId, "payoutId");
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(approverId, "approverId");
        Objects.requireNonNull(approvedAt, "approvedAt");
    }
}
