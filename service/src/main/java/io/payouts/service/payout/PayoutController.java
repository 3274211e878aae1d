package io.payouts.service.payout;

import io.payouts.service.sandbox.SandboxScenario;
import io.payouts.service.web.ApiEnums;
import io.payouts.service.web.ApiList;
import io.payouts.service.web.ApiResponse;
import io.payouts.service.web.BulkResult;
import io.payouts.service.web.Gateways;
import io.payouts.service.web.Pagination;
import io.payouts.service.web.RequestContext;
import io.payouts.shared.InvalidFieldsException;
import io.payouts.shared.DomainException;
import io.payouts.shared.InvalidFieldException;
import io.payouts.shared.Mode;
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
import jakarta.validation.ConstraintViolation;
import jakarta.validation.Valid;
import jakarta.validation.Validator;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import java.math.BigDecimal;
import java.time.Duration;
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
 * The payout endpoints. Admission goes through {@link PayoutAdmissions}; every answer comes from the read model
 * once it shows the change (ADR-0005).
 */
@RestController
@RequestMapping("/api/v1/payouts")
class PayoutController {

    private final PayoutAdmissions admissions;
    private final PayoutRequests requests;
    private final Gateways gateways;
    private final FeeSchedule fees;
    private final Validator validator;
    private final String instantEstimate;

    PayoutController(PayoutAdmissions admissions, PayoutRequests requests, Gateways gateways, FeeSchedule fees,
                     Validator validator, @Value("${payouts.rail.instant-delay:30s}") Duration instantDelay) {
        this.admissions = admissions;
        this.requests = requests;
        this.gateways = gateways;
        this.fees = fees;
        this.validator = validator;
        this.instantEstimate = "about " + instantDelay.toSeconds() + " seconds";
    }

    @PostMapping
    ApiResponse<PayoutResponse> create(@Valid @RequestBody PayoutBodies.NewPayout body,
                                       RequestContext context) {
        Rail rail = PayoutRequests.rail(body.urgency());
        PayoutRequest request = requests.build(body.driverId(), body.amount(), rail, body.description(), body.loadId(),
                SandboxScenario.of(context), context);
        return ApiResponse.ok(context, admitOne(request, context));
    }

    @PostMapping("/instant")
    ApiResponse<PayoutResponse> createInstant(@Valid @RequestBody PayoutBodies.InstantPayout body,
                                                     RequestContext context) {
        PayoutRequest request = requests.build(body.driverId(), body.amount(), Rail.INSTANT, body.description(),
                body.loadId(), SandboxScenario.of(context), context);
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

    @GetMapping
    ApiResponse<ApiList<PayoutResponse>> list(@RequestParam(required = false) Integer page,
                                              @RequestParam(required = false) Integer pageSize,
                                              @RequestParam(required = false) String status,
                                              @RequestParam(required = false) String driverId,
                                              RequestContext context) {
        PayoutStatus statusFilter = status == null ? null : ApiEnums.parse(PayoutStatus.class, "status", status);
        DriverId driverFilter = driverId == null ? null : DriverId.parse(driverId)
                .orElseThrow(() -> new InvalidFieldException("driverId", "is not a driver id"));
        PayoutPage payouts = gateways.query(new FindPayoutsQuery(context.mode(), statusFilter, driverFilter,
                Pagination.STANDARD.request(page, pageSize)), PayoutPage.class);
        return ApiResponse.ok(context, ApiList.of(payouts.page(), PayoutResponse::of));
    }

    @GetMapping("/{id}")
    ApiResponse<PayoutResponse> get(@PathVariable String id, RequestContext context) {
        return ApiResponse.ok(context, PayoutResponse.of(read(context.mode(), payoutId(id), -1)));
    }

    @PostMapping("/{id}/cancel")
    ApiResponse<Map<String, Object>> cancel(@PathVariable String id, RequestContext context) {
        PayoutSummary payout = cancelOne(payoutId(id), context);
        return ApiResponse.ok(context, moved(payout, "canceledAt", payout.canceledAt()));
    }

    @PostMapping("/{id}/retry")
    ApiResponse<Map<String, Object>> retry(@PathVariable String id, RequestContext context) {
        Outcome outcome = retryAll(List.of(payoutId(id)), context).get(0);
        if (outcome.refusal() != null) {
            throw outcome.refusal();
        }
        return ApiResponse.ok(context, moved(outcome.payout(), "retriedAt", outcome.payout().retriedAt()));
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
            try {
                requireValid(item);
                Rail itemRail = item.urgency() == null ? rail : PayoutRequests.rail(item.urgency());
                admissible.add(requests.build(item.driverId(), item.amount(), itemRail, item.description(),
                        item.loadId(), forced, context));
                positions.add(results.size());
                results.add(null);
            } catch (DomainException refusal) {
                results.add(BulkResult.Item.error(item, refusal.getMessage(), refusal.code().name()));
            }
        }
        List<AdmissionOutcome> outcomes = admissions.admit(WalletId.of(context.mode()), admissible, List.of());
        for (int i = 0; i < admissible.size(); i++) {
            AdmissionOutcome outcome = outcomes.get(i);
            PayoutRequest request = admissible.get(i);
            results.set(positions.get(i), outcome.admitted()
                    ? BulkResult.Item.success(bulkItem(read(context.mode(), request.payoutId(), 0)))
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
                PayoutSummary payout = cancelOne(payoutId(id), context);
                results.add(BulkResult.Item.success(statusItem(payout)));
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
        List<Outcome> outcomes = retryAll(retriable, context);
        for (int i = 0; i < retriable.size(); i++) {
            Outcome outcome = outcomes.get(i);
            results.set(positions.get(i), outcome.payout() != null
                    ? BulkResult.Item.success(statusItem(outcome.payout()))
                    : BulkResult.Item.error(Map.of("id", retriable.get(i).value(), "status", "failed"),
                    outcome.refusal().getMessage(), outcome.refusal().code().name()));
        }
        return ApiResponse.ok(context, BulkResult.of(results));
    }

    private PayoutResponse admitOne(PayoutRequest request, RequestContext context) {
        AdmissionOutcome outcome = admissions.admit(WalletId.of(context.mode()), List.of(request), List.of()).get(0);
        if (!outcome.admitted()) {
            throw outcome.refusal().toException();
        }
        PayoutSummary payout = read(context.mode(), request.payoutId(), 0);
        return PayoutResponse.of(payout, request.rail() == Rail.INSTANT ? instantEstimate : null);
    }

    private PayoutSummary cancelOne(PayoutId payoutId, RequestContext context) {
        long version = gateways.send(new CancelPayoutCommand(payoutId, context.mode(), context.receivedAt()),
                payoutId.value(), context);
        return read(context.mode(), payoutId, version);
    }

    private List<Outcome> retryAll(List<PayoutId> payoutIds, RequestContext context) {
        List<AdmitPayoutsCommand.PayoutRetry> retries = payoutIds.stream()
                .map(id -> new AdmitPayoutsCommand.PayoutRetry(id, context.requestId(), context.callerId())).toList();
        List<AdmissionOutcome> outcomes = admissions.admit(WalletId.of(context.mode()), List.of(), retries);
        List<Outcome> results = new ArrayList<>();
        for (int i = 0; i < payoutIds.size(); i++) {
            AdmissionOutcome outcome = outcomes.get(i);
            if (outcome.admitted()) {
                PayoutId id = payoutIds.get(i);
                results.add(new Outcome(read(context.mode(), id, gateways.lastVersion(id.value())), null));
            } else {
                results.add(new Outcome(null, outcome.refusal().toException()));
            }
        }
        return results;
    }

    private PayoutSummary read(Mode mode, PayoutId payoutId, long minVersion) {
        return gateways.query(new FindPayoutQuery(mode, payoutId, minVersion), PayoutSummary.class);
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

    private static Map<String, Object> moved(PayoutSummary payout, String timeField, Instant time) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("id", payout.id().value());
        data.put("status", ApiEnums.name(payout.status()));
        data.put(timeField, time);
        return data;
    }

    private static Map<String, Object> bulkItem(PayoutSummary payout) {
        Map<String, Object> item = new LinkedHashMap<>();
        item.put("id", payout.id().value());
        item.put("driverId", payout.driverId().value());
        item.put("amount", payout.amount());
        item.put("fee", payout.fee());
        item.put("netAmount", payout.netAmount());
        item.put("status", ApiEnums.name(payout.status()));
        return item;
    }

    private static Map<String, Object> statusItem(PayoutSummary payout) {
        return Map.of("id", payout.id().value(), "status", ApiEnums.name(payout.status()));
    }

    record FeeQuote(long amount, long fee, BigDecimal feePercent, long total, long estimatedDeposit) {
    }

    private record Outcome(PayoutSummary payout, DomainException refusal) {
    }
}
