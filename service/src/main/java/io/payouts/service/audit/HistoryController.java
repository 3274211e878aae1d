package io.payouts.service.audit;

import io.payouts.audit.AuditResourceNotFoundException;
import io.payouts.audit.Histories;
import io.payouts.audit.PublicEvent;
import io.payouts.audit.ResourceKind;
import io.payouts.service.http.ApiList;
import io.payouts.service.http.ApiResponse;
import io.payouts.service.http.Pagination;
import io.payouts.service.http.RequestContext;
import io.payouts.shared.ResultPage;
import io.payouts.shared.apikey.ApiKeyId;
import io.payouts.shared.apikey.ApiKeyNotFoundException;
import io.payouts.shared.batch.BatchId;
import io.payouts.shared.batch.BatchNotFoundException;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.driver.DriverNotFoundException;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.PayoutNotFoundException;
import io.payouts.shared.wallet.TransactionId;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Every resource's history (ADR-0027), scoped like the resource's read endpoint and isolated by mode like it: an
 * unknown, malformed or other-mode id is a 404. API keys' histories are for owners and admins.
 */
@RestController
class HistoryController {

    private final Histories histories;

    HistoryController(Histories histories) {
        this.histories = histories;
    }

    @GetMapping("/api/v1/payouts/{id}/history")
    ApiResponse<ApiList<PublicEvent>> payout(@PathVariable String id, @RequestParam(required = false) Integer page,
                                             @RequestParam(required = false) Integer pageSize,
                                             RequestContext context) {
        PayoutId payoutId = PayoutId.parse(id).orElseThrow(() -> new PayoutNotFoundException(id));
        return ApiResponse.ok(context, listed(histories.ofStream(payoutId.value(), ResourceKind.PAYOUT,
                context.mode(), Pagination.STANDARD.request(page, pageSize), () -> new PayoutNotFoundException(id))));
    }

    @GetMapping("/api/v1/drivers/{id}/history")
    ApiResponse<ApiList<PublicEvent>> driver(@PathVariable String id, @RequestParam(required = false) Integer page,
                                             @RequestParam(required = false) Integer pageSize,
                                             RequestContext context) {
        DriverId driverId = DriverId.parse(id).orElseThrow(() -> new DriverNotFoundException(id));
        return ApiResponse.ok(context, listed(histories.ofStream(driverId.value(), ResourceKind.DRIVER,
                context.mode(), Pagination.STANDARD.request(page, pageSize), () -> new DriverNotFoundException(id))));
    }

    @GetMapping("/api/v1/batches/{id}/history")
    ApiResponse<ApiList<PublicEvent>> batch(@PathVariable String id, @RequestParam(required = false) Integer page,
                                            @RequestParam(required = false) Integer pageSize,
                                            RequestContext context) {
        BatchId batchId = BatchId.parse(id).orElseThrow(() -> new BatchNotFoundException(id));
        return ApiResponse.ok(context, listed(histories.ofStream(batchId.value(), ResourceKind.BATCH,
                context.mode(), Pagination.STANDARD.request(page, pageSize), () -> new BatchNotFoundException(id))));
    }

    @GetMapping("/api/v1/funding/topups/{id}/history")
    ApiResponse<ApiList<PublicEvent>> topUp(@PathVariable String id, @RequestParam(required = false) Integer page,
                                            @RequestParam(required = false) Integer pageSize,
                                            RequestContext context) {
        TransactionId transactionId = TransactionId.parse(id)
                .orElseThrow(() -> new AuditResourceNotFoundException("top-up", id));
        return ApiResponse.ok(context, listed(histories.ofTopUp(transactionId.value(), context.mode(),
                Pagination.STANDARD.request(page, pageSize))));
    }

    @GetMapping("/api/v1/admin/api-keys/{id}/history")
    ApiResponse<ApiList<PublicEvent>> apiKey(@PathVariable String id, @RequestParam(required = false) Integer page,
                                             @RequestParam(required = false) Integer pageSize,
                                             RequestContext context) {
        ApiKeyId keyId = ApiKeyId.parse(id).orElseThrow(() -> new ApiKeyNotFoundException(id));
        return ApiResponse.ok(context, listed(histories.ofStream(keyId.value(), ResourceKind.API_KEY,
                null, Pagination.STANDARD.request(page, pageSize), () -> new ApiKeyNotFoundException(id))));
    }

    private static ApiList<PublicEvent> listed(ResultPage<PublicEvent> events) {
        return ApiList.of(events, event -> event);
    }
}
