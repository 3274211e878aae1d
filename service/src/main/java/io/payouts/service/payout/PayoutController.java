package io.payouts.service.payout;

import io.payouts.rail.RailProperties;
import io.payouts.service.audit.AsOfReads;
import io.payouts.service.http.ApiEnums;
import io.payouts.service.http.ApiList;
import io.payouts.service.http.ApiResponse;
import io.payouts.service.http.BulkResult;
import io.payouts.service.http.Gateways;
import io.payouts.service.http.Pagination;
import io.payouts.service.http.QueryDates;
import io.payouts.service.http.RequestContext;
import io.payouts.service.http.SandboxScenario;
import io.payouts.shared.DomainException;
import io.payouts.shared.ErrorCode;
import io.payouts.shared.InvalidFieldException;
import io.payouts.shared.InvalidFieldsException;
import io.payouts.shared.Money;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.payout.AdmissionOutcome;
import io.payouts.shared.payout.AdmitPayoutsCommand;
import io.payouts.shared.payout.CancelPayoutCommand;
import io.payouts.shared.payout.FeeSchedule;
import io.payouts.shared.payout.FindPayoutQuery;
import io.payouts.shared.payout.FindPayoutsQuery;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.PayoutNotFoundException;
import io.payouts.shared.payout.PayoutPage;
import io.payouts.shared.payout.PayoutRequest;
import io.payouts.shared.payout.PayoutStatus;
import io.payouts.shared.payout.PayoutSummary;
import io.payouts.shared.payout.Rail;
import io.payouts.shared.wallet.WalletId;
import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.Valid;
import jakarta.validation.Validator;
import jakarta.validation.constraints.NotNull;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The payout endpoints. Admission goes through {@link AdmissionLanes}. A write answers from its own request and the
 * command's result, never from a read model it would have to wait for (ADR-0018); a GET answers from the read model,
 * or from the payout's stored events while the read model does not show it yet.
 */
@RestController
@RequestMapping("/api/v1/payouts")
class PayoutController {

    /** What a 503 names when a write's outcome is unknown. */
    private static final String PAYOUT = "payout";

    private final AdmissionLanes admissions;
    private final PayoutRequests requests;
    private final Gateways gateways;
    private final FeeSchedule fees;
    private final Validator validator;
    private final String instantEstimate;
    private final AsOfReads asOfReads;

    PayoutController(AdmissionLanes admissions, PayoutRequests requests, Gateways gateways, FeeSchedule fees,
                     Validator validator, RailProperties rail, AsOfReads asOfReads) {
        this.asOfReads = asOfReads;
        this.admissions = admissions;
        this.requests = requests;
        this.gateways = gateways;
        this.fees = fees;
        this.validator = validator;
        this.instantEstimate = rail.instantEstimate();
    }

    @PostMapping
    ApiResponse<PayoutResponse> create(@Valid @RequestBody PayoutBodies.NewPayout body,
                                       RequestContext context) {
        Rail rail = PayoutRequests.rail(body.urgency());
        PayoutRequest request = requests.build(body.driverId(), body.amount(), rail, body.description(), body.loadId(),
                body.requestedBy(), SandboxScenario.of(context), context);
        return ApiResponse.ok(context, admitOne(request, context));
    }

    @PostMapping("/instant")
    ApiResponse<PayoutResponse> createInstant(@Valid @RequestBody PayoutBodies.InstantPayout body,
                                                     RequestContext context) {
        PayoutRequest request = requests.build(body.driverId(), body.amount(), Rail.INSTANT, body.description(),
                body.loadId(), body.requestedBy(), SandboxScenario.of(context), context);
        return ApiResponse.ok(context, admitOne(request, context));
    }

    @GetMapping("/instant/fee")
    ApiResponse<FeeQuote> instantFee(@RequestParam long amount, RequestContext context) {
        Money.requireAmount("amount", amount);
        long fee = fees.feeFor(Rail.INSTANT, amount);
        if (fee >= amount) {
            throw new InvalidFieldException("amount", "must be larger than the instant fee of " + fee);
        }
        return ApiResponse.ok(context, new FeeQuote(amount, fee, fees.instantPercent(), amount, amount - fee));
    }

    /** {@code from} and {@code to} are UTC days (YYYY-MM-DD), both included, of the payouts' request. */
    @GetMapping
    ApiResponse<ApiList<PayoutResponse>> list(@RequestParam(required = false) Integer page,
                                              @RequestParam(required = false) Integer pageSize,
                                              @RequestParam(required = false) String status,
                                              @RequestParam(required = false) String driverId,
                                              @RequestParam(required = false) String from,
                                              @RequestParam(required = false) String to,
                                              RequestContext context) {
        PayoutStatus statusFilter = status == null ? null : ApiEnums.parse(PayoutStatus.class, "status", status);
        DriverId driverFilter = driverId == null ? null : DriverId.parse(driverId)
                .orElseThrow(() -> new InvalidFieldException("driverId", "is not a driver id"));
        FindPayoutsQuery query = new FindPayoutsQuery(context.mode(), statusFilter, driverFilter,
                QueryDates.parse("from", from), QueryDates.parse("to", to),
                Pagination.STANDARD.request(page, pageSize));
        PayoutPage payouts = gateways.query(query, PayoutPage.class);
        return ApiResponse.ok(context, ApiList.of(payouts.page(), PayoutResponse::of));
    }

    /** With {@code asOf}, the payout as it was answered at that instant, from its events (ADR-0027). */
    @GetMapping("/{id}")
    ApiResponse<PayoutResponse> get(@PathVariable String id, @RequestParam(required = false) String asOf,
                                    RequestContext context) {
        if (asOf != null) {
            Instant instant = AsOfReads.instant(asOf, context);
            return ApiResponse.ok(context, PayoutResponse.of(asOfReads.payout(context.mode(), payoutId(id), instant)));
        }
        return ApiResponse.ok(context, PayoutResponse.of(gateways.query(new FindPayoutQuery(context.mode(),
                payoutId(id)), PayoutSummary.class)));
    }

    @PostMapping("/{id}/cancel")
    ApiResponse<PayoutCanceled> cancel(@PathVariable String id, RequestContext context) {
        PayoutId payoutId = payoutId(id);
        context.writes(PAYOUT, payoutId.value());
        cancelOne(payoutId, context);
        return ApiResponse.ok(context, new PayoutCanceled(payoutId.value(), ApiEnums.name(PayoutStatus.CANCELED),
                context.receivedAt()));
    }

    @PostMapping("/{id}/retry")
    ApiResponse<PayoutRetried> retry(@PathVariable String id, RequestContext context) {
        PayoutId payoutId = payoutId(id);
        context.writes(PAYOUT, payoutId.value());
        AdmissionOutcome outcome = retryAll(List.of(payoutId), context).get(0);
        if (!outcome.admitted()) {
            throw outcome.refusal().toException();
        }
        return ApiResponse.ok(context, new PayoutRetried(payoutId.value(), ApiEnums.name(PayoutStatus.QUEUED),
                outcome.decidedAt()));
    }

    @PostMapping("/bulk")
    ApiResponse<BulkResult> createMany(@Valid @RequestBody PayoutBodies.BulkPayouts body,
                                       RequestContext context) {
        Rail rail = PayoutRequests.rail(body.urgency());
        SandboxScenario forced = SandboxScenario.of(context);
        List<BulkResult.Item> results = new ArrayList<>();
        List<PayoutRequest> admissible = new ArrayList<>();
        List<Integer> positions = new ArrayList<>();
        for (PayoutBodies.NewPayout item : body.payouts()) {
            if (item == null) {
                results.add(BulkResult.Item.error(null, "item: is required", ErrorCode.VALIDATION_ERROR.name()));
                continue;
            }
            try {
                requireValid(item);
                Rail itemRail = item.urgency() == null ? rail : PayoutRequests.rail(item.urgency());
                admissible.add(requests.build(item.driverId(), item.amount(), itemRail, item.description(),
                        item.loadId(), item.requestedBy(), forced, context));
                positions.add(results.size());
                results.add(null);
            } catch (DomainException refusal) {
                results.add(BulkResult.Item.error(item, refusal.getMessage(), refusal.code().name()));
            }
        }
        context.writes(PAYOUT, admissible.stream().map(request -> request.payoutId().value()).toList());
        List<AdmissionOutcome> outcomes = admissions.admit(WalletId.of(context.mode()), admissible, List.of());
        for (int i = 0; i < admissible.size(); i++) {
            AdmissionOutcome outcome = outcomes.get(i);
            PayoutRequest request = admissible.get(i);
            results.set(positions.get(i), outcome.admitted()
                    ? BulkResult.Item.success(bulkItem(request, outcome))
                    : BulkResult.Item.error(Map.of("driverId", request.driverId().value(), "amount", request.amount()),
                    outcome.refusal().message(), outcome.refusal().code().name()));
        }
        return ApiResponse.ok(context, BulkResult.of(results));
    }

    @PostMapping("/bulk/cancel")
    ApiResponse<BulkResult> cancelMany(@Valid @RequestBody PayoutBodies.PayoutIds body, RequestContext context) {
        List<BulkResult.Item> results = new ArrayList<>();
        for (String id : body.payoutIds()) {
            try {
                PayoutId payoutId = payoutId(id);
                cancelOne(payoutId, context);
                results.add(BulkResult.Item.success(statusItem(payoutId, PayoutStatus.CANCELED)));
            } catch (DomainException refusal) {
                results.add(BulkResult.Item.error(Map.of("id", String.valueOf(id)), refusal.getMessage(),
                        refusal.code().name()));
            }
        }
        return ApiResponse.ok(context, BulkResult.of(results));
    }

    @PostMapping("/bulk/retry")
    ApiResponse<BulkResult> retryMany(@Valid @RequestBody PayoutBodies.PayoutIds body, RequestContext context) {
        List<BulkResult.Item> results = new ArrayList<>();
        List<PayoutId> retriable = new ArrayList<>();
        List<Integer> positions = new ArrayList<>();
        for (String id : body.payoutIds()) {
            Optional<PayoutId> payoutId = PayoutId.parse(id);
            if (payoutId.isEmpty()) {
                results.add(BulkResult.Item.error(Map.of("id", String.valueOf(id)), "payout " + id + " not found",
                        "NOT_FOUND"));
            } else {
                retriable.add(payoutId.get());
                positions.add(results.size());
                results.add(null);
            }
        }
        List<AdmissionOutcome> outcomes = retryAll(retriable, context);
        for (int i = 0; i < retriable.size(); i++) {
            AdmissionOutcome outcome = outcomes.get(i);
            results.set(positions.get(i), outcome.admitted()
                    ? BulkResult.Item.success(statusItem(retriable.get(i), PayoutStatus.QUEUED))
                    : BulkResult.Item.error(Map.of("id", retriable.get(i).value(), "status", "failed"),
                    outcome.refusal().message(), outcome.refusal().code().name()));
        }
        return ApiResponse.ok(context, BulkResult.of(results));
    }

    private PayoutResponse admitOne(PayoutRequest request, RequestContext context) {
        context.writes(PAYOUT, request.payoutId().value());
        AdmissionOutcome outcome = admissions.admit(WalletId.of(context.mode()), List.of(request), List.of()).get(0);
        if (!outcome.admitted()) {
            throw outcome.refusal().toException();
        }
        return PayoutResponse.admitted(request, outcome, request.rail() == Rail.INSTANT ? instantEstimate : null);
    }

    private void cancelOne(PayoutId payoutId, RequestContext context) {
        gateways.sendForResult(new CancelPayoutCommand(payoutId, context.mode(), context.receivedAt()), context);
    }

    private List<AdmissionOutcome> retryAll(List<PayoutId> payoutIds, RequestContext context) {
        List<AdmitPayoutsCommand.PayoutRetry> retries = payoutIds.stream()
                .map(id -> new AdmitPayoutsCommand.PayoutRetry(id, context.requestId(), context.callerId())).toList();
        return admissions.admit(WalletId.of(context.mode()), List.of(), retries);
    }

    private void requireValid(PayoutBodies.NewPayout item) {
        Set<ConstraintViolation<PayoutBodies.NewPayout>> violations = validator.validate(item);
        if (!violations.isEmpty()) {
            throw new InvalidFieldsException(violations.stream().collect(Collectors.toMap(
                    violation -> violation.getPropertyPath().toString(), ConstraintViolation::getMessage,
                    (first, second) -> first, TreeMap::new)));
        }
    }

    private static PayoutId payoutId(String raw) {
        return PayoutId.parse(raw).orElseThrow(() -> new PayoutNotFoundException(raw));
    }

    private static Map<String, Object> bulkItem(PayoutRequest payout, AdmissionOutcome outcome) {
        Map<String, Object> item = new LinkedHashMap<>();
        item.put("id", payout.payoutId().value());
        item.put("driverId", payout.driverId().value());
        item.put("amount", payout.amount());
        item.put("fee", payout.fee());
        item.put("netAmount", payout.netAmount());
        item.put("status", ApiEnums.name(PayoutResponse.initialStatus(payout.rail(), outcome)));
        return item;
    }

    private static Map<String, Object> statusItem(PayoutId payoutId, PayoutStatus status) {
        return Map.of("id", payoutId.value(), "status", ApiEnums.name(status));
    }

    /** The answer to a cancel: the payout is canceled, its funds released. */
    record PayoutCanceled(String id, @Schema(allowableValues = "canceled") String status, @NotNull Instant canceledAt) {
    }

    /** The answer to a retry: the payout is queued again, its amount reserved again. */
    record PayoutRetried(String id, @Schema(allowableValues = "queued") String status, @NotNull Instant retriedAt) {
    }

    record FeeQuote(long amount, long fee, BigDecimal feePercent, long total, long estimatedDeposit) {
    }
}
