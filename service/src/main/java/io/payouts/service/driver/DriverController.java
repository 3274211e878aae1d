package io.payouts.service.driver;

import io.payouts.service.http.ApiEnums;
import io.payouts.service.http.ApiList;
import io.payouts.service.http.ApiResponse;
import io.payouts.service.http.BulkResult;
import io.payouts.service.http.Gateways;
import io.payouts.service.http.Pagination;
import io.payouts.service.http.RequestContext;
import io.payouts.service.payout.PayoutResponse;
import io.payouts.service.platform.IdGenerator;
import io.payouts.shared.DomainException;
import io.payouts.shared.driver.DeactivateDriverCommand;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.driver.DriverNotFoundException;
import io.payouts.shared.driver.DriverPage;
import io.payouts.shared.driver.DriverStatusFilter;
import io.payouts.shared.driver.DriverSummary;
import io.payouts.shared.driver.FindDriverQuery;
import io.payouts.shared.driver.FindDriversQuery;
import io.payouts.shared.driver.KycOutcome;
import io.payouts.shared.driver.RecordKycOutcomeCommand;
import io.payouts.shared.driver.RegisterDriverCommand;
import io.payouts.shared.driver.UpdateDriverProfileCommand;
import io.payouts.shared.payout.FindDriverPayoutsQuery;
import io.payouts.shared.payout.PayoutPage;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.Valid;
import jakarta.validation.Validator;
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
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/** The drivers endpoints. Every write answers from the read model once it shows the write (ADR-0005). */
@RestController
@RequestMapping("/api/v1/drivers")
class DriverController {

    private final Gateways gateways;
    private final IdGenerator ids;
    private final Validator validator;

    DriverController(Gateways gateways, IdGenerator ids, Validator validator) {
        this.gateways = gateways;
        this.ids = ids;
        this.validator = validator;
    }

    @GetMapping
    ApiResponse<ApiList<DriverResponse>> list(@RequestParam(required = false) Integer page,
                                              @RequestParam(required = false) Integer pageSize,
                                              @RequestParam(required = false) String status,
                                              RequestContext context) {
        DriverStatusFilter filter = status == null ? null : ApiEnums.parse(DriverStatusFilter.class, "status", status);
        DriverPage drivers = gateways.query(
                new FindDriversQuery(context.mode(), filter, Pagination.STANDARD.request(page, pageSize)),
                DriverPage.class);
        return ApiResponse.ok(context, ApiList.of(drivers.page(), DriverResponse::of));
    }

    @GetMapping("/{id}")
    ApiResponse<DriverResponse> get(@PathVariable String id, RequestContext context) {
        return ApiResponse.ok(context, read(context, driverId(id)));
    }

    @PostMapping
    ApiResponse<DriverResponse> register(@Valid @RequestBody DriverRequest body, RequestContext context) {
        return ApiResponse.ok(context, registerOne(body, context));
    }

    @PostMapping("/bulk")
    ApiResponse<BulkResult> registerMany(@Valid @RequestBody BulkDriversRequest body, RequestContext context) {
        List<BulkResult.Item> results = new ArrayList<>();
        for (DriverRequest item : body.drivers()) {
            results.add(registerItem(item, context));
        }
        return ApiResponse.ok(context, BulkResult.of(results));
    }

    @PutMapping("/{id}")
    ApiResponse<DriverResponse> update(@PathVariable String id, @Valid @RequestBody DriverProfileRequest body,
                                       RequestContext context) {
        DriverId driverId = driverId(id);
        gateways.sendForResult(new UpdateDriverProfileCommand(driverId, context.mode(), body.toProfile(),
                context.receivedAt()), context);
        return ApiResponse.ok(context, read(context, driverId));
    }

    @DeleteMapping("/{id}")
    ApiResponse<DriverResponse> deactivate(@PathVariable String id, RequestContext context) {
        DriverId driverId = driverId(id);
        gateways.sendForResult(new DeactivateDriverCommand(driverId, context.mode(), context.receivedAt()), context);
        return ApiResponse.ok(context, read(context, driverId));
    }

    @PostMapping("/{id}/kyc")
    ApiResponse<DriverResponse> recordKyc(@PathVariable String id, @Valid @RequestBody KycRequest body,
                                          RequestContext context) {
        DriverId driverId = driverId(id);
        KycOutcome outcome = ApiEnums.parse(KycOutcome.class, "outcome", body.outcome());
        gateways.sendForResult(new RecordKycOutcomeCommand(driverId, context.mode(), outcome, body.reason(),
                context.receivedAt()), context);
        return ApiResponse.ok(context, read(context, driverId));
    }

    @GetMapping("/{id}/payouts")
    ApiResponse<ApiList<PayoutResponse>> payouts(@PathVariable String id,
                                                @RequestParam(required = false) Integer page,
                                                @RequestParam(required = false) Integer pageSize,
                                                RequestContext context) {
        PayoutPage payouts = gateways.query(new FindDriverPayoutsQuery(context.mode(), driverId(id),
                Pagination.STANDARD.request(page, pageSize)), PayoutPage.class);
        return ApiResponse.ok(context, ApiList.of(payouts.page(), PayoutResponse::of));
    }

    /** Answers from the registration itself; a GET right after finds it in the read model or its events. */
    private DriverResponse registerOne(DriverRequest body, RequestContext context) {
        RegisterDriverCommand command = body.toCommand(ids.newDriverId(), context.mode(), context.receivedAt());
        context.writes("driver", command.driverId().value());
        gateways.sendForResult(command, context);
        return DriverResponse.registered(command);
    }

    private BulkResult.Item registerItem(DriverRequest item, RequestContext context) {
        if (item == null) {
            return BulkResult.Item.error(null, "item: is required", "VALIDATION_ERROR");
        }
        Set<ConstraintViolation<DriverRequest>> violations = validator.validate(item);
        if (!violations.isEmpty()) {
            return BulkResult.Item.error(item, describe(violations), "VALIDATION_ERROR");
        }
        try {
            return BulkResult.Item.success(registerOne(item, context));
        } catch (DomainException e) {
            return BulkResult.Item.error(item, e.getMessage(), e.code().name());
        }
    }

    /** As of the driver's newest stored event, so a write's answer reflects it (ADR-0018). */
    private DriverResponse read(RequestContext context, DriverId driverId) {
        return DriverResponse.of(gateways.query(new FindDriverQuery(context.mode(), driverId),
                DriverSummary.class));
    }

    private static DriverId driverId(String raw) {
        return DriverId.parse(raw).orElseThrow(() -> new DriverNotFoundException(raw));
    }

    private static String describe(Set<ConstraintViolation<DriverRequest>> violations) {
        return violations.stream()
                .sorted(Comparator.comparing(violation -> violation.getPropertyPath().toString()))
                .map(violation -> violation.getPropertyPath() + ": " + violation.getMessage())
                .collect(Collectors.joining("; "));
    }
}
