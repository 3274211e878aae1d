package io.payouts.service.payout;

import io.payouts.service.approval.ApprovalBodies;
import io.payouts.service.http.ApiResponse;
import io.payouts.service.http.RequestContext;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * A second person's decision on a payout pending approval (ADR-0046): an owner or admin, not its requester. The answer
 * is the payout as a GET of it shows it after the decision, which the read reaches from the payout's own events.
 */
@RestController
@RequestMapping("/api/v1/payouts/{id}")
class PayoutApprovalController {

    private final Payouts payouts;

    PayoutApprovalController(Payouts payouts) {
        this.payouts = payouts;
    }

    @PostMapping("/approve")
    ApiResponse<PayoutResponse> approve(@PathVariable String id, RequestContext context) {
        return ApiResponse.ok(context, PayoutResponse.of(payouts.approve(PayoutController.payoutId(id), context)));
    }

    @PostMapping("/reject")
    ApiResponse<PayoutResponse> reject(@PathVariable String id, @RequestBody ApprovalBodies.Rejection body,
                                       RequestContext context) {
        return ApiResponse.ok(context, PayoutResponse.of(payouts.reject(PayoutController.payoutId(id), body.reason(),
                context)));
    }
}
