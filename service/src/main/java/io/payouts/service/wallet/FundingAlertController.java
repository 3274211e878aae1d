package io.payouts.service.wallet;

import io.payouts.service.http.ApiResponse;
import io.payouts.service.http.RequestContext;
import jakarta.validation.constraints.NotNull;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * The mode's low-balance alert (ADR-0043): anyone who may read the balance reads it, only an owner or an admin sets
 * it. The wallet decides the crossings; this answers what the read model shows once it has caught up.
 */
@RestController
class FundingAlertController {

    private final Funding funding;

    FundingAlertController(Funding funding) {
        this.funding = funding;
    }

    @GetMapping("/api/v1/funding/alerts")
    ApiResponse<FundingAlertResponse> alert(RequestContext context) {
        return ApiResponse.ok(context, funding.alert(context.mode()));
    }

    @PutMapping("/api/v1/funding/alerts")
    ApiResponse<FundingAlertResponse> set(@RequestBody FundingAlertBody body, RequestContext context) {
        return ApiResponse.ok(context, funding.setAlert(body.lowBalanceThreshold(), body.shortfallWithinDays(),
                context));
    }

    /** {@code shortfallWithinDays} null (or absent) stops watching the projection. */
    record FundingAlertBody(@NotNull(message = "is required") Long lowBalanceThreshold, Integer shortfallWithinDays) {
    }
}
