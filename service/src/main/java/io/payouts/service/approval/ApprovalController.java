package io.payouts.service.approval;

import io.payouts.service.http.ApiList;
import io.payouts.service.http.ApiResponse;
import io.payouts.service.http.Pagination;
import io.payouts.service.http.RequestContext;
import io.payouts.shared.approval.FindPendingApprovalsQuery;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** The approval endpoints: each maps its request onto {@link Approvals} and the outcome onto its answer. */
@RestController
@RequestMapping("/api/v1/approvals")
class ApprovalController {

    private final Approvals approvals;

    ApprovalController(Approvals approvals) {
        this.approvals = approvals;
    }

    @GetMapping
    ApiResponse<ApiList<PendingApprovalResponse>> waiting(@RequestParam(required = false) Integer page,
                                                          @RequestParam(required = false) Integer pageSize,
                                                          RequestContext context) {
        FindPendingApprovalsQuery query = new FindPendingApprovalsQuery(context.mode(),
                Pagination.STANDARD.request(page, pageSize));
        return ApiResponse.ok(context, ApiList.of(approvals.waiting(query).page(), PendingApprovalResponse::of));
    }

    @GetMapping("/policy")
    ApiResponse<ApprovalPolicyResponse> policy(RequestContext context) {
        return ApiResponse.ok(context, ApprovalPolicyResponse.of(approvals.policy(context.mode())));
    }

    @PutMapping("/policy")
    ApiResponse<ApprovalPolicyResponse> setPolicy(@RequestBody ApprovalBodies.Policy body, RequestContext context) {
        return ApiResponse.ok(context, ApprovalPolicyResponse.of(approvals.setThreshold(body.threshold(), context)));
    }
}
