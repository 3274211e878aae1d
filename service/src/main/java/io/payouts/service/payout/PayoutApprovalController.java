package io.payouts.service.payout;

import io.payouts.service.access.OwnersAndAdmins;
import io.payouts.service.approval.ApprovalBodies;
import io.payouts.service.http.ApiResponse;
import io.payouts.service.http.Gateways;
import io.payouts.service.http.RequestContext;
import io.payouts.shared.payout.ApprovePayoutCommand;
import io.payouts.shared.payout.FindPayoutQuery;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.PayoutNotFoundException;
import io.payouts.shared.payout.PayoutSummary;
import io.payouts.shared.payout.RejectPayoutCommand;
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

    private static final String PAYOUT = "payout";

    private final Gateways gateways;
    private final OwnersAndAdmins ownersAndAdmins;

    PayoutApprovalController(Gateways gateways, OwnersAndAdmins ownersAndAdmins) {
        this.gateways = gateways;
        this.ownersAndAdmins = ownersAndAdmins;
    }

    @PostMapping("/approve")
    ApiResponse<PayoutResponse> approve(@PathVariable String id, RequestContext context) {
        ownersAndAdmins.require(context.requireCaller(), "approve a payout");
        PayoutId payoutId = payoutId(id);
        context.writes(PAYOUT, payoutId.value());
        gateways.sendForResult(new ApprovePayoutCommand(payoutId, context.mode(), context.requireCaller().userId(),
                context.requestId(), context.callerId(), context.receivedAt()), context);
        return ApiResponse.ok(context, read(payoutId, context));
    }

    @PostMapping("/reject")
    ApiResponse<PayoutResponse> reject(@PathVariable String id, @RequestBody ApprovalBodies.Rejection body,
                                       RequestContext context) {
        ownersAndAdmins.require(context.requireCaller(), "reject a payout");
        PayoutId payoutId = payoutId(id);
        context.writes(PAYOUT, payoutId.value());
        gateways.sendForResult(new RejectPayoutCommand(payoutId, context.mode(), context.requireCaller().userId(),
                body.reason(), context.receivedAt()), context);
        return ApiResponse.ok(context, read(payoutId, context));
    }

    private PayoutResponse read(PayoutId payoutId, RequestContext context) {
        return PayoutResponse.of(gateways.query(new FindPayoutQuery(context.mode(), payoutId), PayoutSummary.class));
    }

    private static PayoutId payoutId(String raw) {
        return PayoutId.parse(raw).orElseThrow(() -> new PayoutNotFoundException(raw));
    }
}
