package io.payouts.service.payout;

import io.payouts.audit.AsOfReads;
import io.payouts.rail.RailProperties;
import io.payouts.service.http.ApiEnums;
import io.payouts.service.http.ApiList;
import io.payouts.service.http.ApiResponse;
import io.payouts.service.http.BulkItemRules;
import io.payouts.service.http.BulkResult;
import io.payouts.service.http.Pagination;
import io.payouts.service.http.QueryDates;
import io.payouts.service.http.RequestContext;
import io.payouts.service.http.SandboxScenario;
import io.payouts.shared.DomainException;
import io.payouts.shared.InvalidFieldException;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.payout.AdmissionOutcome;
import io.payouts.shared.payout.FindPayoutsQuery;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.PayoutNotFoundException;
import io.payouts.shared.payout.PayoutRequest;
import io.payouts.shared.payout.PayoutStatus;
import io.payouts.shared.payout.Rail;
import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The payout endpoints: each maps its request onto {@link Payouts} and the outcome onto its answer. */
@RestController
@RequestMapping("/api/v1/payouts")
class PayoutController {

    private final Payouts payouts;
    private final PayoutRequests requests;
    private final BulkItemRules itemRules;
    private final String instantEstimate;

    PayoutController(Payouts payouts, PayoutRequests requests, BulkItemRules itemRules, RailProperties rail) {
        this.payouts = payouts;
        this.requests = requests;
        this.itemRules = itemRules;
        this.instantEstimate = rail.instantEstimate();
    }

    @PostMapping
    ApiResponse<PayoutResponse> create(@Valid @RequestBody PayoutBodies.NewPayout body,
                                       RequestContext context) {
        Rail rail = PayoutRequests.rail(body.urgency());
        PayoutRequest request = requests.build(body.driverId(), body.amount(), rail, body.description(), body.loadId(),
                body.requestedBy(), SandboxScenario.of(context), context);
        return ApiResponse.ok(context, admitted(request, payouts.admit(request, context)));
    }

    @PostMapping("/instant")
    ApiResponse<PayoutResponse> createInstant(@Valid @RequestBody PayoutBodies.InstantPayout body,
                                                     RequestContext context) {
        PayoutRequest request = requests.build(body.driverId(), body.amount(), Rail.INSTANT, body.description(),
                body.loadId(), body.requestedBy(), SandboxScenario.of(context), context);
        return ApiResponse.ok(context, admitted(request, payouts.admit(request, context)));
    }

    @GetMapping("/instant/fee")
    ApiResponse<Payouts.FeeQuote> instantFee(@RequestParam long amount, RequestContext context) {
        return ApiResponse.ok(context, payouts.instantFee(amount));
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
        return ApiResponse.ok(context, ApiList.of(payouts.list(query).page(), PayoutResponse::of));
    }

    /** With {@code asOf}, the payout as it was answered at that instant (ADR-0027). */
    @GetMapping("/{id}")
    ApiResponse<PayoutResponse> get(@PathVariable String id, @RequestParam(required = false) String asOf,
                                    RequestContext context) {
        PayoutId payoutId = payoutId(id);
        return ApiResponse.ok(context, PayoutResponse.of(asOf == null ? payouts.find(payoutId, context)
                : payouts.asOf(payoutId, AsOfReads.instant(asOf, context.receivedAt()), context)));
    }

    @PostMapping("/{id}/cancel")
    ApiResponse<PayoutCanceled> cancel(@PathVariable String id, RequestContext context) {
        PayoutId payoutId = payoutId(id);
        payouts.cancel(payoutId, context);
        return ApiResponse.ok(context, new PayoutCanceled(payoutId.value(), ApiEnums.name(PayoutStatus.CANCELED),
                context.receivedAt()));
    }

    @PostMapping("/{id}/retry")
    ApiResponse<PayoutRetried> retry(@PathVariable String id, RequestContext context) {
        PayoutId payoutId = payoutId(id);
        AdmissionOutcome outcome = payouts.retry(payoutId, context);
        return ApiResponse.ok(context, new PayoutRetried(payoutId.value(), ApiEnums.name(PayoutStatus.QUEUED),
                outcome.decidedAt()));
    }

    /** Items that break a rule are reported alone; the others are admitted together. */
    @PostMapping("/bulk")
    ApiResponse<BulkResult<AdmittedItem, RefusedPayout>> createMany(@Valid @RequestBody PayoutBodies.BulkPayouts body,
                                                                    RequestContext context) {
        Rail rail = PayoutRequests.rail(body.urgency());
        SandboxScenario forced = SandboxScenario.of(context);
        List<BulkResult.Item<AdmittedItem, RefusedPayout>> results = new ArrayList<>();
        List<PayoutRequest> admissible = new ArrayList<>();
        List<Integer> positions = new ArrayList<>();
        for (PayoutBodies.NewPayout item : body.payouts()) {
            if (item == null) {
                results.add(BulkResult.Item.missing());
                continue;
            }
            try {
                itemRules.require(item);
                Rail itemRail = item.urgency() == null ? rail : PayoutRequests.rail(item.urgency());
                admissible.add(requests.build(item.driverId(), item.amount(), itemRail, item.description(),
                        item.loadId(), item.requestedBy(), forced, context));
                positions.add(results.size());
                results.add(null);
            } catch (DomainException refusal) {
                results.add(BulkResult.Item.refused(item, refusal));
            }
        }
        List<AdmissionOutcome> outcomes = payouts.admitAll(admissible, context);
        for (int i = 0; i < admissible.size(); i++) {
            AdmissionOutcome outcome = outcomes.get(i);
            PayoutRequest request = admissible.get(i);
            results.set(positions.get(i), outcome.admitted()
                    ? BulkResult.Item.success(AdmittedItem.of(request, outcome))
                    : BulkResult.Item.error(new RefusedItem(request.driverId().value(), request.amount()),
                    outcome.refusal().message(), outcome.refusal().code().name()));
        }
        return ApiResponse.ok(context, BulkResult.of(results));
    }

    @PostMapping("/bulk/cancel")
    ApiResponse<BulkResult<StatusItem, IdItem>> cancelMany(@Valid @RequestBody PayoutBodies.PayoutIds body,
                                                           RequestContext context) {
        List<BulkResult.Item<StatusItem, IdItem>> results = new ArrayList<>();
        for (String id : body.payoutIds()) {
            try {
                PayoutId payoutId = payoutId(id);
                payouts.cancel(payoutId, context);
                results.add(BulkResult.Item.success(StatusItem.of(payoutId, PayoutStatus.CANCELED)));
            } catch (DomainException refusal) {
                results.add(BulkResult.Item.refused(new IdItem(String.valueOf(id)), refusal));
            }
        }
        return ApiResponse.ok(context, BulkResult.of(results));
    }

    @PostMapping("/bulk/retry")
    ApiResponse<BulkResult<StatusItem, RefusedRetry>> retryMany(@Valid @RequestBody PayoutBodies.PayoutIds body,
                                                                RequestContext context) {
        List<BulkResult.Item<StatusItem, RefusedRetry>> results = new ArrayList<>();
        List<PayoutId> retriable = new ArrayList<>();
        List<Integer> positions = new ArrayList<>();
        for (String id : body.payoutIds()) {
            Optional<PayoutId> payoutId = PayoutId.parse(id);
            if (payoutId.isEmpty()) {
                results.add(BulkResult.Item.refused(new IdItem(String.valueOf(id)),
                        new PayoutNotFoundException(id)));
            } else {
                retriable.add(payoutId.get());
                positions.add(results.size());
                results.add(null);
            }
        }
        List<AdmissionOutcome> outcomes = payouts.retryAll(retriable, context);
        for (int i = 0; i < retriable.size(); i++) {
            AdmissionOutcome outcome = outcomes.get(i);
            results.set(positions.get(i), outcome.admitted()
                    ? BulkResult.Item.success(StatusItem.of(retriable.get(i), PayoutStatus.QUEUED))
                    : BulkResult.Item.error(StatusItem.of(retriable.get(i), PayoutStatus.FAILED),
                    outcome.refusal().message(), outcome.refusal().code().name()));
        }
        return ApiResponse.ok(context, BulkResult.of(results));
    }

    private PayoutResponse admitted(PayoutRequest request, AdmissionOutcome outcome) {
        return PayoutResponse.admitted(request, outcome, request.rail() == Rail.INSTANT ? instantEstimate : null);
    }

    static PayoutId payoutId(String raw) {
        return PayoutId.parse(raw).orElseThrow(() -> new PayoutNotFoundException(raw));
    }

    /** The answer to a cancel: the payout is canceled, its funds released. */
    record PayoutCanceled(String id, @Schema(allowableValues = "canceled") String status, @NotNull Instant canceledAt) {
    }

    /** The answer to a retry: the payout is queued again, its amount reserved again. */
    record PayoutRetried(String id, @Schema(allowableValues = "queued") String status, @NotNull Instant retriedAt) {
    }

    /** A bulk item admitted: the payout created, and its first status. */
    record AdmittedItem(String id, String driverId, long amount, long fee, long netAmount, String status) {

        static AdmittedItem of(PayoutRequest payout, AdmissionOutcome outcome) {
            return new AdmittedItem(payout.payoutId().value(), payout.driverId().value(), payout.amount(), payout.fee(),
                    payout.netAmount(), ApiEnums.name(PayoutResponse.initialStatus(payout.rail(), outcome)));
        }
    }

    /** What a bulk payout's error item holds: the item as sent, or, when the wallet refused it, a RefusedItem. */
    sealed interface RefusedPayout permits PayoutBodies.NewPayout, RefusedItem {
    }

    /** A bulk item the wallet refused: whom and how much it was for. */
    record RefusedItem(String driverId, long amount) implements RefusedPayout {
    }

    /** What a bulk retry's error item holds: the id as sent, or the payout that failed again with its status. */
    sealed interface RefusedRetry permits IdItem, StatusItem {
    }

    /** A bulk cancel's or retry's item: the payout and the status it has now. */
    record StatusItem(String id, String status) implements RefusedRetry {

        static StatusItem of(PayoutId payoutId, PayoutStatus status) {
            return new StatusItem(payoutId.value(), ApiEnums.name(status));
        }
    }

    /** A bulk cancel's or retry's item refused before any payout was found: the id as sent ("null" for none). */
    record IdItem(String id) implements RefusedRetry {
    }
}
