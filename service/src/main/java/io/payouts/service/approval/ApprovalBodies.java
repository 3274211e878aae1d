package io.payouts.service.approval;

import io.payouts.shared.approval.ApprovalDecisions;
import io.payouts.shared.wallet.SetApprovalThresholdCommand;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

/**
 * The bodies of the approval endpoints (ADR-0046). The constraints describe them in the API document; the commands
 * built from them check the same rules, after the resource is known to be the caller's mode's.
 */
public final class ApprovalBodies {

    private ApprovalBodies() {
    }

    /** Why a payout or batch is rejected: plain text. */
    public record Rejection(@NotBlank(message = "is required")
                            @Size(max = ApprovalDecisions.MAX_REASON_LENGTH) String reason) {
    }

    /** The mode's threshold in cents; 0 switches approvals off. */
    public record Policy(@NotNull(message = "is required") @Min(0)
                         @Max(SetApprovalThresholdCommand.MAX_THRESHOLD) Long threshold) {
    }
}
