package io.payouts.shared.approval;

import java.time.Instant;
import java.util.Objects;

/**
 * Where a payout or batch above the approval threshold stands with its second person (ADR-0046): pending until an
 * owner or admin other than {@code requesterId} decides; {@code decidedBy} and {@code decidedAt} once they have,
 * with the rejection's {@code reason}.
 */
public record Approval(ApprovalStatus status, long threshold, String requesterId, String decidedBy,
                       Instant decidedAt, String reason) {

    public Approval {
        Objects.requireNonNull(status, "status");
    }

    public static Approval pending(long threshold, String requesterId) {
        return new Approval(ApprovalStatus.PENDING, threshold, requesterId, null, null, null);
    }

    public Approval approved(String approverId, Instant at) {
        return new Approval(ApprovalStatus.APPROVED, threshold, requesterId, approverId, at, null);
    }

    public Approval rejected(String rejecterId, Instant at, String why) {
        return new Approval(ApprovalStatus.REJECTED, threshold, requesterId, rejecterId, at, why);
    }
}
