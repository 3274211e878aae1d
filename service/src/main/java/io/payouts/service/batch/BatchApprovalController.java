package io.payouts.service.batch;

import io.payouts.service.access.OwnersAndAdmins;
import io.payouts.service.approval.ApprovalBodies;
import io.payouts.service.http.ApiResponse;
import io.payouts.service.http.Gateways;
import io.payouts.service.http.RequestContext;
import io.payouts.shared.batch.ApproveBatchCommand;
import io.payouts.shared.batch.BatchDetails;
import io.payouts.shared.batch.BatchId;
import io.payouts.shared.batch.BatchNotFoundException;
import io.payouts.shared.batch.FindBatchQuery;
import io.payouts.shared.batch.RejectBatchCommand;
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

    private static final String BATCH = "batch";

    private final Gateways gateways;
    private final OwnersAndAdmins ownersAndAdmins;

    BatchApprovalController(Gateways gateways, OwnersAndAdmins ownersAndAdmins) {
        this.gateways = gateways;
        this.ownersAndAdmins = ownersAndAdmins;
    }

    @PostMapping("/approve")
    ApiResponse<BatchResponse> approve(@PathVariable String id, RequestContext context) {
        ownersAndAdmins.require(context.requireCaller(), "approve a batch");
        BatchId batchId = batchId(id);
        context.writes(BATCH, batchId.value());
        gateways.sendForResult(new ApproveBatchCommand(batchId, context.mode(), context.requireCaller().userId(),
                context.receivedAt()), context);
        return ApiResponse.ok(context, read(batchId, context));
    }

    @PostMapping("/reject")
    ApiResponse<BatchResponse> reject(@PathVariable String id, @RequestBody ApprovalBodies.Rejection body,
                                      RequestContext context) {
        ownersAndAdmins.require(context.requireCaller(), "reject a batch");
        BatchId batchId = batchId(id);
        context.writes(BATCH, batchId.value());
        gateways.sendForResult(new RejectBatchCommand(batchId, context.mode(), context.requireCaller().userId(),
                body.reason(), context.receivedAt()), context);
        return ApiResponse.ok(context, read(batchId, context));
    }

    private BatchResponse read(BatchId batchId, RequestContext context) {
        return BatchResponse.of(gateways.query(new FindBatchQuery(context.mode(), batchId), BatchDetails.class));
    }

    private static BatchId batchId(String raw) {
        return BatchId.parse(raw).orElseThrow(() -> new BatchNotFoundException(raw));
    }
}
