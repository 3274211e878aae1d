package io.payouts.service.batch;

import io.payouts.service.http.ApiEnums;
import io.payouts.service.http.ApiList;
import io.payouts.service.http.ApiResponse;
import io.payouts.service.http.Pagination;
import io.payouts.service.http.RequestContext;
import io.payouts.shared.batch.BatchId;
import io.payouts.shared.batch.BatchNotFoundException;
import io.payouts.shared.batch.BatchStatus;
import io.payouts.shared.batch.FindBatchesQuery;
import io.payouts.shared.batch.ReleaseTrigger;
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

/** The batch endpoints: each maps its request onto {@link Batches} and the outcome onto its answer. */
@RestController
@RequestMapping("/api/v1/batches")
class BatchController {

    static final Pagination BATCHES = new Pagination(20, 100);

    private final Batches batches;

    BatchController(Batches batches) {
        this.batches = batches;
    }

    @PostMapping
    ApiResponse<BatchResponse> create(@RequestBody BatchBodies.NewBatch body, RequestContext context) {
        Batches.Created created = batches.create(body, context);
        return ApiResponse.ok(context, BatchResponse.created(created.batch(), created.approval()));
    }

    @GetMapping
    ApiResponse<ApiList<BatchResponse>> list(@RequestParam(required = false) Integer page,
                                             @RequestParam(required = false) Integer pageSize,
                                             @RequestParam(required = false) String status,
                                             RequestContext context) {
        BatchStatus statusFilter = status == null ? null : ApiEnums.parse(BatchStatus.class, "status", status);
        FindBatchesQuery query = new FindBatchesQuery(context.mode(), statusFilter, false,
                BATCHES.request(page, pageSize));
        return ApiResponse.ok(context, ApiList.of(batches.list(query).page(), BatchResponse::of));
    }

    @GetMapping("/{id}")
    ApiResponse<BatchResponse> get(@PathVariable String id, RequestContext context) {
        return ApiResponse.ok(context, BatchResponse.of(batches.find(batchId(id), context)));
    }

    /** Answers the batch's status from the release itself (ADR-0017). */
    @PostMapping("/{id}/release")
    ApiResponse<BatchReleased> release(@PathVariable String id, RequestContext context) {
        BatchId batchId = batchId(id);
        BatchStatus status = batches.release(batchId, ReleaseTrigger.RELEASE, context);
        return ApiResponse.ok(context, new BatchReleased(batchId.value(), ApiEnums.name(status),
                context.receivedAt()));
    }

    @PostMapping("/{id}/run")
    ApiResponse<BatchRun> run(@PathVariable String id, RequestContext context) {
        BatchId batchId = batchId(id);
        BatchStatus status = batches.release(batchId, ReleaseTrigger.RUN, context);
        return ApiResponse.ok(context, new BatchRun(batchId.value(), ApiEnums.name(status), context.receivedAt()));
    }

    static BatchId batchId(String raw) {
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
