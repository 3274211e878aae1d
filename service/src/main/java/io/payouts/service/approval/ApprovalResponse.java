package io.payouts.service.approval;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.payouts.service.http.ApiEnums;
import io.payouts.shared.approval.Approval;
import io.swagger.v3.oas.annotations.media.Schema;

import java.time.Instant;

/**
 * Where a payout or batch above the approval threshold stands (ADR-0046): {@code requestedByUser} is the user who
 * asked, whom the decision may not come from; {@code decidedBy} and {@code decidedAt} once decided, and a rejection's
 * {@code reason}.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ApprovalResponse(@Schema(allowableValues = {"pending", "approved", "rejected"}) String status,
                               long threshold, String requestedByUser, String decidedBy, Instant decidedAt,
                               String reason) {

    /** Null for what never waited. */
    public static ApprovalResponse of(Approval approval) {
        return approval == null ? null : new ApprovalResponse(ApiEnums.name(approval.status()), approval.threshold(),
                approval.requesterId(), approval.decidedBy(), approval.decidedAt(), approval.reason());
    }
}
