package io.payouts.service.batch;

import io.payouts.service.approval.ApprovalBodies;
import io.payouts.service.http.ApiResponse;
import io.payouts.service.http.RequestContext;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * A second person's decision on a batch pending approval (ADR-0046): an owner or admin, not its creator. The answer is
 * the batch with its payouts as a GET of it shows them after the decision.
 */
@RestController
@RequestMapping("/api/v1/batches/{id}")
class BatchApprovalController {

    private final Batches batches;

    BatchApprovalController(Batches batches) {
        this.batches = batches;
    }

    @PostMapping("/approve")
    ApiResponse<BatchResponse> approve(@PathVariable String id, RequestContext context) {
        return ApiResponse.ok(context, BatchResponse.of(batches.approve(BatchController.batchId(id), context)));
    }

    @PostMapping("/reject")
    ApiResponse<BatchResponse> reject(@PathVariable String id, @RequestBody ApprovalBodies.Rejection body,
                                      RequestContext context) {
        return ApiResponse.ok(context, BatchResponse.of(batches.reject(BatchController.batchId(id), body.reason(),
                context)));
    }
}
