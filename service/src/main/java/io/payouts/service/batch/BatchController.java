package io.payouts.service.batch;

import io.payouts.service.http.ApiEnums;
import io.payouts.service.http.ApiList;
import io.payouts.service.http.ApiResponse;
import io.payouts.service.http.Gateways;
import io.payouts.service.http.Pagination;
import io.payouts.service.http.RequestContext;
import io.payouts.service.http.SandboxScenario;
import io.payouts.service.platform.IdGenerator;
import io.payouts.shared.Mode;
import io.payouts.shared.approval.Approval;
import io.payouts.shared.batch.BatchDetails;
import io.payouts.shared.batch.BatchId;
import io.payouts.shared.batch.BatchNotFoundException;
import io.payouts.shared.batch.BatchPage;
import io.payouts.shared.batch.BatchReleaseResult;
import io.payouts.shared.batch.BatchStatus;
import io.payouts.shared.batch.CreateBatchCommand;
import io.payouts.shared.batch.FindBatchQuery;
import io.payouts.shared.batch.FindBatchesQuery;
import io.payouts.shared.batch.ReleaseBatchCommand;
import io.payouts.shared.batch.ReleaseTrigger;
import io.payouts.shared.wallet.InsufficientFundsException;
import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.validation.constraints.NotNull;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import java.time.Instant;

/**
 * The batch endpoints (ADR-0013). A write answers from its command and the command's result; a GET answers as of the
 * batch's and its payouts' newest events, so it reflects any write before it (ADR-0018).
 */
@RestController
@RequestMapping("/api/v1/batches")
class BatchController {

    static final Pagination BATCHES = new Pagination(20, 100);
    /** What a 503 names when a write's outcome is unknown. */
    private static final String BATCH = "batch";

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
        context.writes(BATCH, batchId.value());
        CreateBatchCommand command = requests.build(batchId, body, SandboxScenario.of(context), context);
        Approval approval = gateways.sendForResult(command, context);
        return ApiResponse.ok(context, BatchResponse.created(command, approval));
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
        return ApiResponse.ok(context, BatchResponse.of(read(context.mode(), batchId(id))));
    }

    @PostMapping("/{id}/release")
    ApiResponse<BatchReleased> release(@PathVariable String id, RequestContext context) {
        BatchId batchId = batchId(id);
        return ApiResponse.ok(context, new BatchReleased(batchId.value(),
                releaseOrRun(batchId, ReleaseTrigger.RELEASE, context), context.receivedAt()));
    }

    @PostMapping("/{id}/run")
    ApiResponse<BatchRun> run(@PathVariable String id, RequestContext context) {
        BatchId batchId = batchId(id);
        return ApiResponse.ok(context, new BatchRun(batchId.value(), releaseOrRun(batchId, ReleaseTrigger.RUN, context),
                context.receivedAt()));
    }

    /**
     * Releases the batch and answers its status from the release itself: processing, or failed at once when none of
     * its payouts' drivers could be paid any more (ADR-0017).
     */
    private String releaseOrRun(BatchId batchId, ReleaseTrigger trigger, RequestContext context) {
        Mode mode = context.mode();
        SandboxScenario scenario = SandboxScenario.of(context);
        if (scenario == SandboxScenario.INSUFFICIENT_FUNDS) {
            throw InsufficientFundsException.forcedBySandbox(read(mode, batchId).batch().totalAmount());
        }
        context.writes(BATCH, batchId.value());
        BatchReleaseResult released = gateways.sendForResult(
                new ReleaseBatchCommand(batchId, mode, trigger, context.receivedAt()), context);
        return ApiEnums.name(released.releasedToRail().isEmpty() ? BatchStatus.FAILED : BatchStatus.PROCESSING);
    }

    private BatchDetails read(Mode mode, BatchId batchId) {
        return gateways.query(new FindBatchQuery(mode, batchId), BatchDetails.class);
    }

    private static BatchId batchId(String raw) {
        return BatchId.parse(raw).orElseThrow(() -> new BatchNotFoundException(raw));
    }

    /** The answer to a release: processing, or failed when none of its payouts could be sent. */
    record BatchReleased(String id, @Schema(allowableValues = {"processing", "failed"}) String status,
                         @NotNull Instant releasedAt) {
    }

    /** The answer to running a scheduled batch now: as a release's, at the time it ran. */
    record BatchRun(String id, @Schema(allowableValues = {"processing", "failed"}) String status,
                    @NotNull Instant processedAt) {
    }
}
