package io.payouts.service.batch;

import io.payouts.service.sandbox.SandboxScenario;
import io.payouts.service.web.ApiEnums;
import io.payouts.service.web.ApiList;
import io.payouts.service.web.ApiResponse;
import io.payouts.service.web.Gateways;
import io.payouts.service.web.IdGenerator;
import io.payouts.service.web.Pagination;
import io.payouts.service.web.RequestContext;
import io.payouts.shared.Mode;
import io.payouts.shared.batch.BatchDetails;
import io.payouts.shared.batch.BatchId;
import io.payouts.shared.batch.BatchReleaseResult;
import io.payouts.shared.batch.BatchNotFoundException;
import io.payouts.shared.batch.BatchPage;
import io.payouts.shared.batch.BatchStatus;
import io.payouts.shared.batch.CreateBatchCommand;
import io.payouts.shared.batch.FindBatchQuery;
import io.payouts.shared.batch.FindBatchesQuery;
import io.payouts.shared.batch.ReleaseBatchCommand;
import io.payouts.shared.batch.ReleaseTrigger;
import io.payouts.shared.payout.FindPayoutQuery;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.PayoutSummary;
import io.payouts.shared.wallet.InsufficientFundsException;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The batch endpoints (ADR-0013). Answers come from the read model once it shows the change, and once the payout
 * read model shows the batch's payouts too, so that a GET right after sees them (ADR-0005).
 */
@RestController
@RequestMapping("/api/v1/batches")
class BatchController {

    static final Pagination BATCHES = new Pagination(20, 100);

    private final BatchRequests requests;
    private final Gateways gateways;
    private final IdGenerator ids;

    BatchController(BatchRequests requests, Gateways gateways, IdGenerator ids) {
        this.requests = requests;
        this.gateways = gateways;
        this.ids = ids;
    }

    @PostMapping
    ApiResponse<BatchResponse> create(@RequestBody BatchBodies.NewBatch body, RequestContext context) {
        BatchId batchId = ids.newBatchId();
        CreateBatchCommand command = requests.build(batchId, body, SandboxScenario.of(context), context);
        long version = gateways.send(command, batchId.value(), context);
        // the payout projection applies a unit of work's events in order: the last payout shown means all are
        PayoutId last = command.payouts().get(command.payouts().size() - 1).payoutId();
        gateways.query(new FindPayoutQuery(context.mode(), last, 0), PayoutSummary.class);
        return ApiResponse.ok(context, BatchResponse.of(read(context.mode(), batchId, version).batch()));
    }

    @GetMapping
    ApiResponse<ApiList<BatchResponse>> list(@RequestParam(required = false) Integer page,
                                             @RequestParam(required = false) Integer pageSize,
                                             @RequestParam(required = false) String status,
                                             RequestContext context) {
        BatchStatus statusFilter = status == null ? null : ApiEnums.parse(BatchStatus.class, "status", status);
        BatchPage batches = gateways.query(new FindBatchesQuery(context.mode(), statusFilter, false,
                BATCHES.request(page, pageSize)), BatchPage.class);
        return ApiResponse.ok(context, ApiList.of(batches.page(), BatchResponse::of));
    }

    @GetMapping("/{id}")
    ApiResponse<BatchResponse> get(@PathVariable String id, RequestContext context) {
        return ApiResponse.ok(context, BatchResponse.of(read(context.mode(), batchId(id), -1)));
    }

    @PostMapping("/{id}/release")
    ApiResponse<Map<String, Object>> release(@PathVariable String id, RequestContext context) {
        BatchDetails batch = releaseOrRun(batchId(id), ReleaseTrigger.RELEASE, context);
        return ApiResponse.ok(context, moved(batch, "releasedAt", batch.batch().releasedAt()));
    }

    @PostMapping("/{id}/run")
    ApiResponse<Map<String, Object>> run(@PathVariable String id, RequestContext context) {
        BatchDetails batch = releaseOrRun(batchId(id), ReleaseTrigger.RUN, context);
        return ApiResponse.ok(context, moved(batch, "processedAt", batch.batch().processedAt()));
    }

    /** Answers once the batch and its last payout show the release, so a GET right after sees both. */
    private BatchDetails releaseOrRun(BatchId batchId, ReleaseTrigger trigger, RequestContext context) {
        Mode mode = context.mode();
        SandboxScenario scenario = SandboxScenario.of(context);
        if (scenario == SandboxScenario.INSUFFICIENT_FUNDS) {
            throw InsufficientFundsException.forcedBySandbox(read(mode, batchId, -1).batch().totalAmount());
        }
        BatchReleaseResult released = gateways.sendForResult(
                new ReleaseBatchCommand(batchId, mode, trigger, context.receivedAt(),
                        scenario == SandboxScenario.PAYOUT_FAILED), context);
        for (List<PayoutId> payouts : List.of(released.releasedToRail(), released.failedAtRelease())) {
            if (!payouts.isEmpty()) {
                PayoutId last = payouts.get(payouts.size() - 1);
                gateways.query(new FindPayoutQuery(mode, last, gateways.lastVersion(last.value())),
                        PayoutSummary.class);
            }
        }
        return read(mode, batchId, gateways.lastVersion(batchId.value()));
    }

    private BatchDetails read(Mode mode, BatchId batchId, long minVersion) {
        return gateways.query(new FindBatchQuery(mode, batchId, minVersion), BatchDetails.class);
    }

    private static BatchId batchId(String raw) {
        return BatchId.parse(raw).orElseThrow(() -> new BatchNotFoundException(raw));
    }

    private static Map<String, Object> moved(BatchDetails batch, String timeField, Instant time) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("id", batch.batch().id().value());
        data.put("status", ApiEnums.name(batch.batch().status()));
        data.put(timeField, time);
        return data;
    }
}
