package io.payouts.service.approval;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.payouts.service.http.ApiEnums;
import io.payouts.shared.Money;
import io.payouts.shared.approval.PendingApproval;
import io.swagger.v3.oas.annotations.media.Schema;

import java.time.Instant;

/**
 * One payout or batch waiting for a second person, with why in words; a payout names its driver (and whom its request
 * named), a batch its name and payout count.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
record PendingApprovalResponse(@Schema(allowableValues = {"payout", "batch"}) String kind, String id, long amount,
                               long threshold, String why, String requestedByUser, Instant requestedAt,
                               String driverId, String requestedBy, String name, Integer payoutCount) {

    static PendingApprovalResponse of(PendingApproval waiting) {
        String what = waiting.kind() == PendingApproval.Kind.BATCH ? "the batch's total " : "the amount ";
        return new PendingApprovalResponse(ApiEnums.name(waiting.kind()), waiting.id(), waiting.amount(),
                waiting.threshold(), what + Money.describe(waiting.amount()) + " is above the approval threshold of "
                + Money.describe(waiting.threshold()), waiting.requesterId(), waiting.requestedAt(),
                waiting.driverId(), waiting.requestedBy(), waiting.name(), waiting.payoutCount());
    }
}
