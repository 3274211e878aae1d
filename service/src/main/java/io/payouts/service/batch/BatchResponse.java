package io.payouts.service.batch;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.payouts.service.approval.ApprovalResponse;
import io.payouts.service.http.ApiEnums;
import io.payouts.shared.approval.Approval;
import io.payouts.shared.batch.BatchDetails;
import io.payouts.shared.batch.BatchStatus;
import io.payouts.shared.batch.BatchSummary;
import io.payouts.shared.batch.CreateBatchCommand;
import io.payouts.shared.payout.PayoutRequest;
import io.payouts.shared.payout.PayoutSummary;

import java.time.Instant;
import java.util.List;

/** A batch as the API shows it; timestamps appear once the batch gets there, payouts on get-details only. */
@JsonInclude(JsonInclude.Include.NON_NULL)
record BatchResponse(String id, String name, int payoutCount, long totalAmount, long totalFees, long netAmount,
                     String status, Instant createdAt, Instant scheduledFor, Instant releasedAt, Instant processedAt,
                     Instant completedAt, ApprovalResponse approval, List<Payout> payouts) {

    /**
     * A batch just created: queued, with the totals of its payouts (ADR-0013), as a GET of it shows; pending approval
     * when its total is above the threshold ({@code approval}, null otherwise; ADR-0046).
     */
    static BatchResponse created(CreateBatchCommand batch, Approval approval) {
        long totalAmount = batch.payouts().stream().mapToLong(PayoutRequest::amount).sum();
        long totalFees = batch.payouts().stream().mapToLong(PayoutRequest::fee).sum();
        BatchStatus status = approval == null ? BatchStatus.QUEUED : BatchStatus.PENDING_APPROVAL;
        return new BatchResponse(batch.batchId().value(), batch.name(), batch.payouts().size(), totalAmount, totalFees,
                totalAmount - totalFees, ApiEnums.name(status), batch.createdAt(), batch.scheduledFor(), null, null,
                null, ApprovalResponse.of(approval), null);
    }

    static BatchResponse of(BatchSummary batch) {
        return of(batch, null);
    }

    static BatchResponse of(BatchDetails details) {
        return of(details.batch(), details.payouts().stream().map(Payout::of).toList());
    }

    private static BatchResponse of(BatchSummary batch, List<Payout> payouts) {
        return new BatchResponse(batch.id().value(), batch.name(), batch.payoutCount(), batch.totalAmount(),
                batch.totalFees(), batch.netAmount(), ApiEnums.name(batch.status()), batch.createdAt(),
                batch.scheduledFor(), batch.releasedAt(), batch.processedAt(), batch.completedAt(),
                ApprovalResponse.of(batch.approval()), payouts);
    }

    /** One entry of a batch's payouts array. */
    record Payout(String id, String driverId, String driverName, long amount, String status) {

        static Payout of(PayoutSummary payout) {
            return new Payout(payout.id().value(), payout.driverId().value(), payout.driverName(), payout.amount(),
                    ApiEnums.name(payout.status()));
        }
    }

    /** An item of the scheduled payouts list. */
    record Scheduled(String id, String name, int payoutCount, long totalAmount, String status, Instant scheduledFor,
                     Instant createdAt) {

        static Scheduled of(BatchSummary batch) {
            return new Scheduled(batch.id().value(), batch.name(), batch.payoutCount(), batch.totalAmount(),
                    ApiEnums.name(batch.status()), batch.scheduledFor(), batch.createdAt());
        }
    }
}
