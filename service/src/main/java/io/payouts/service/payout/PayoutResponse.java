package io.payouts.service.payout;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.payouts.service.approval.ApprovalResponse;
import io.payouts.service.http.ApiEnums;
import io.payouts.shared.approval.Approval;
import io.payouts.shared.payout.AdmissionOutcome;
import io.payouts.shared.payout.PayoutRequest;
import io.payouts.shared.payout.PayoutStatus;
import io.payouts.shared.payout.PayoutSummary;
import io.payouts.shared.payout.Rail;

import java.time.Instant;

/**
 * A payout as the API shows it; timestamps appear once the payout gets there, and the optional fields
 * ({@code loadId}, {@code description}, {@code requestedBy}, {@code approval}, ...) only when the payout has them.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PayoutResponse(String id, String loadId, String driverId, String driverName, long amount, long fee,
                      long netAmount, String status, String rail, String description, String requestedBy,
                      String batchId, Instant requestedAt, Instant completedAt, Instant canceledAt,
                      Instant retriedAt, Instant failedAt, String failureReason, String estimatedSettlement,
                      ApprovalResponse approval) {

    public static PayoutResponse of(PayoutSummary payout) {
        return of(payout, null);
    }

    /**
     * A payout just admitted, from its own request: what a GET of it shows, without waiting for the read model
     * (ADR-0018). Standard payouts start validated, instant ones processing; one above the approval threshold pending
     * approval, with no settlement estimate until it is approved (ADR-0046).
     */
    static PayoutResponse admitted(PayoutRequest request, AdmissionOutcome outcome, String estimatedSettlement) {
        Approval approval = outcome.awaitsApproval()
                ? Approval.pending(outcome.approvalThreshold(), request.requesterId()) : null;
        return new PayoutResponse(request.payoutId().value(), request.loadId(), request.driverId().value(),
                outcome.driverName(), request.amount(), request.fee(), request.netAmount(),
                ApiEnums.name(initialStatus(request.rail(), outcome)), ApiEnums.name(request.rail()),
                request.description(), request.requestedBy(), null, request.requestedAt(), null, null, null, null, null,
                approval == null ? estimatedSettlement : null, ApprovalResponse.of(approval));
    }

    static PayoutStatus initialStatus(Rail rail, AdmissionOutcome outcome) {
        if (outcome.awaitsApproval()) {
            return PayoutStatus.PENDING_APPROVAL;
        }
        return rail == Rail.INSTANT ? PayoutStatus.PROCESSING : PayoutStatus.VALIDATED;
    }

    static PayoutResponse of(PayoutSummary payout, String estimatedSettlement) {
        return new PayoutResponse(payout.id().value(), payout.loadId(), payout.driverId().value(),
                payout.driverName(), payout.amount(), payout.fee(), payout.netAmount(), ApiEnums.name(payout.status()),
                ApiEnums.name(payout.rail()), payout.description(), payout.requestedBy(), payout.batchId(),
                payout.requestedAt(), payout.completedAt(), payout.canceledAt(), payout.retriedAt(),
                payout.failedAt(), payout.failureReason(), estimatedSettlement, ApprovalResponse.of(payout.approval()));
    }
}
