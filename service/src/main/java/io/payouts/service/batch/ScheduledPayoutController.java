package io.payouts.service.batch;

import io.payouts.service.http.ApiEnums;
import io.payouts.service.http.ApiPage;
import io.payouts.service.http.ApiResponse;
import io.payouts.service.http.RequestContext;
import io.payouts.shared.batch.BatchStatus;
import io.payouts.shared.batch.FindBatchesQuery;
import io.payouts.shared.batch.ScheduledBatchStats;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/** Scheduled payouts are the batches created with a scheduledFor (the spec's Batch section). */
@RestController
@RequestMapping("/api/v1/scheduled-payouts")
class ScheduledPayoutController {

    private final Batches batches;

    ScheduledPayoutController(Batches batches) {
        this.batches = batches;
    }

    @GetMapping
    ApiResponse<ApiPage<BatchResponse.Scheduled>> list(@RequestParam(required = false) Integer page,
                                                       @RequestParam(required = false) Integer pageSize,
                                                       @RequestParam(required = false) String status,
                                                       RequestContext context) {
        BatchStatus statusFilter = status == null ? null : ApiEnums.parse(BatchStatus.class, "status", status);
        FindBatchesQuery query = new FindBatchesQuery(context.mode(), statusFilter, true,
                BatchController.BATCHES.request(page, pageSize));
        return ApiResponse.ok(context, ApiPage.of(batches.list(query).page(), BatchResponse.Scheduled::of));
    }

    @GetMapping("/stats")
    ApiResponse<Stats> stats(RequestContext context) {
        ScheduledBatchStats stats = batches.scheduledStats(context);
        Map<String, Long> byStatus = new LinkedHashMap<>();
        for (BatchStatus status : BatchStatus.values()) {
            byStatus.put(ApiEnums.name(status), stats.byStatus().getOrDefault(status, 0L));
        }
        return ApiResponse.ok(context, new Stats(stats.total(), byStatus, stats.upcomingTotal(),
                stats.nextScheduled()));
    }

    /** nextScheduled is null when no scheduled batch waits for its release. */
    record Stats(long total, Map<String, Long> byStatus, long upcomingTotal, Instant nextScheduled) {
    }
}
