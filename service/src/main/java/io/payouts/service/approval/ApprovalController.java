package io.payouts.service.approval;

import io.payouts.service.access.OwnersAndAdmins;
import io.payouts.service.http.ApiList;
import io.payouts.service.http.ApiResponse;
import io.payouts.service.http.Gateways;
import io.payouts.service.http.Pagination;
import io.payouts.service.http.RequestContext;
import io.payouts.shared.InvalidFieldException;
import io.payouts.shared.Mode;
import io.payouts.shared.approval.ApprovalPolicy;
import io.payouts.shared.approval.FindApprovalPolicyQuery;
import io.payouts.shared.approval.FindPendingApprovalsQuery;
import io.payouts.shared.approval.PendingApprovalPage;
import io.payouts.shared.wallet.SetApprovalThresholdCommand;
import io.payouts.shared.wallet.WalletId;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The mode's approval threshold, which anyone who may read payouts reads and only an owner or admin sets, and what
 * waits for a second person (ADR-0046). The wallet keeps the threshold; this answers what the read model shows once it
 * has caught up.
 */
@RestController
@RequestMapping("/api/v1/approvals")
class ApprovalController {

    private final Gateways gateways;
    private final OwnersAndAdmins ownersAndAdmins;

    ApprovalController(Gateways gateways, OwnersAndAdmins ownersAndAdmins) {
        this.gateways = gateways;
        this.ownersAndAdmins = ownersAndAdmins;
    }

    @GetMapping
    ApiResponse<ApiList<PendingApprovalResponse>> waiting(@RequestParam(required = false) Integer page,
                                                          @RequestParam(required = false) Integer pageSize,
                                                          RequestContext context) {
        PendingApprovalPage waiting = gateways.query(new FindPendingApprovalsQuery(context.mode(),
                Pagination.STANDARD.request(page, pageSize)), PendingApprovalPage.class);
        return ApiResponse.ok(context, ApiList.of(waiting.page(), PendingApprovalResponse::of));
    }

    @GetMapping("/policy")
    ApiResponse<ApprovalPolicyResponse> policy(RequestContext context) {
        return ApiResponse.ok(context, current(context.mode()));
    }

    @PutMapping("/policy")
    ApiResponse<ApprovalPolicyResponse> setPolicy(@RequestBody ApprovalBodies.Policy body, RequestContext context) {
        // who may set it is answered before what they sent: a developer learns nothing from the body's checks
        ownersAndAdmins.require(context.requireCaller(), "set the approval threshold");
        if (body.threshold() == null) {
            throw new InvalidFieldException("threshold", "is required");
        }
        Mode mode = context.mode();
        gateways.sendForResult(new SetApprovalThresholdCommand(WalletId.of(mode), mode, body.threshold(),
                context.requireCaller().userId(), context.receivedAt()), context);
        return ApiResponse.ok(context, current(mode));
    }

    private ApprovalPolicyResponse current(Mode mode) {
        return ApprovalPolicyResponse.of(gateways.query(new FindApprovalPolicyQuery(mode), ApprovalPolicy.class));
    }
}
