package io.payouts.service.driver;

import io.payouts.service.http.ApiEnums;
import io.payouts.service.http.ApiList;
import io.payouts.service.http.ApiResponse;
import io.payouts.service.http.BulkItemRules;
import io.payouts.service.http.BulkResult;
import io.payouts.service.http.Pagination;
import io.payouts.service.http.RequestContext;
import io.payouts.service.payout.PayoutResponse;
import io.payouts.shared.DomainException;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.driver.DriverNotFoundException;
import io.payouts.shared.driver.DriverStatusFilter;
import io.payouts.shared.driver.FindDriversQuery;
import io.payouts.shared.driver.KycOutcome;
import io.payouts.shared.payout.FindDriverPayoutsQuery;
import jakarta.validation.Valid;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import java.util.ArrayList;
import java.util.List;

/** The drivers endpoints: each maps its request onto {@link Drivers} and the outcome onto its answer. */
@RestController
@RequestMapping("/api/v1/drivers")
class DriverController {

    private final Drivers drivers;
    private final BulkItemRules itemRules;

    DriverController(Drivers drivers, BulkItemRules itemRules) {
        this.drivers = drivers;
        this.itemRules = itemRules;
    }

    @GetMapping
    ApiResponse<ApiList<DriverResponse>> list(@RequestParam(required = false) Integer page,
                                              @RequestParam(required = false) Integer pageSize,
                                              @RequestParam(required = false) String status,
                                              RequestContext context) {
        DriverStatusFilter filter = status == null ? null : ApiEnums.parse(DriverStatusFilter.class, "status", status);
        FindDriversQuery query = new FindDriversQuery(context.mode(), filter,
                Pagination.STANDARD.request(page, pageSize));
        return ApiResponse.ok(context, ApiList.of(drivers.list(query).page(), DriverResponse::of));
    }

    @GetMapping("/{id}")
    ApiResponse<DriverResponse> get(@PathVariable String id, RequestContext context) {
        return ApiResponse.ok(context, DriverResponse.of(drivers.find(driverId(id), context)));
    }

    @PostMapping
    ApiResponse<DriverResponse> register(@Valid @RequestBody DriverRequest body, RequestContext context) {
        return ApiResponse.ok(context, DriverResponse.registered(drivers.register(body, context)));
    }

    /** Items that break a rule are reported alone; the others are registered. */
    @PostMapping("/bulk")
    ApiResponse<BulkResult<DriverResponse, DriverRequest>> registerMany(@Valid @RequestBody BulkDriversRequest body,
                                                                        RequestContext context) {
        List<BulkResult.Item<DriverResponse, DriverRequest>> results = new ArrayList<>();
        for (DriverRequest item : body.drivers()) {
            results.add(registerItem(item, context));
        }
        return ApiResponse.ok(context, BulkResult.of(results));
    }

    @PutMapping("/{id}")
    ApiResponse<DriverResponse> update(@PathVariable String id, @Valid @RequestBody DriverProfileRequest body,
                                       RequestContext context) {
        return ApiResponse.ok(context, DriverResponse.of(drivers.updateProfile(driverId(id), body.toProfile(),
                context)));
    }

    @DeleteMapping("/{id}")
    ApiResponse<DriverResponse> deactivate(@PathVariable String id, RequestContext context) {
        return ApiResponse.ok(context, DriverResponse.of(drivers.deactivate(driverId(id), context)));
    }

    @PostMapping("/{id}/kyc")
    ApiResponse<DriverResponse> recordKyc(@PathVariable String id, @Valid @RequestBody KycRequest body,
                                          RequestContext context) {
        DriverId driverId = driverId(id);
        KycOutcome outcome = ApiEnums.parse(KycOutcome.class, "outcome", body.outcome());
        return ApiResponse.ok(context, DriverResponse.of(drivers.recordKyc(driverId, outcome, body.reason(),
                context)));
    }

    @GetMapping("/{id}/payouts")
    ApiResponse<ApiList<PayoutResponse>> payouts(@PathVariable String id,
                                                @RequestParam(required = false) Integer page,
                                                @RequestParam(required = false) Integer pageSize,
                                                RequestContext context) {
        FindDriverPayoutsQuery query = new FindDriverPayoutsQuery(context.mode(), driverId(id),
                Pagination.STANDARD.request(page, pageSize));
        return ApiResponse.ok(context, ApiList.of(drivers.payouts(query).page(), PayoutResponse::of));
    }

    private BulkResult.Item<DriverResponse, DriverRequest> registerItem(DriverRequest item, RequestContext context) {
        if (item == null) {
            return BulkResult.Item.missing();
        }
        try {
            itemRules.require(item);
            return BulkResult.Item.success(DriverResponse.registered(drivers.register(item, context)));
        } catch (DomainException refusal) {
            return BulkResult.Item.refused(item, refusal);
        }
    }

    private static DriverId driverId(String raw) {
        return DriverId.parse(raw).orElseThrow(() -> new DriverNotFoundException(raw));
    }
}
