package io.payouts.service.payout;

import io.payouts.audit.AsOfReads;
import io.payouts.service.access.OwnersAndAdmins;
import io.payouts.service.http.Gateways;
import io.payouts.service.http.RequestContext;
import io.payouts.shared.InvalidFieldException;
import io.payouts.shared.Money;
import io.payouts.shared.payout.AdmissionOutcome;
import io.payouts.shared.payout.AdmitPayoutsCommand;
import io.payouts.shared.payout.ApprovePayoutCommand;
import io.payouts.shared.payout.CancelPayoutCommand;
import io.payouts.shared.payout.FeeSchedule;
import io.payouts.shared.payout.FindPayoutQuery;
import io.payouts.shared.payout.FindPayoutsQuery;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.PayoutPage;
import io.payouts.shared.payout.PayoutRequest;
import io.payouts.shared.payout.PayoutSummary;
import io.payouts.shared.payout.Rail;
import io.payouts.shared.payout.RejectPayoutCommand;
import io.payouts.shared.wallet.WalletId;
import org.springframework.stereotype.Service;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

/**
 * What can be done with payouts, whoever asks: the endpoints only map HTTP onto it. Every admission reserves funds
 * in the caller's wallet through its lane; a write answers from its own command's result, never from a read model it
 * would have to wait for (ADR-0018).
 */
@Service
class Payouts {

    /** What a 503 names when a write's outcome is unknown. */
    private static final String PAYOUT = "payout";

    private final AdmissionLanes admissions;
    private final Gateways gateways;
    private final FeeSchedule fees;
    private final AsOfReads asOfReads;
    private final OwnersAndAdmins ownersAndAdmins;

    Payouts(AdmissionLanes admissions, Gateways gateways, FeeSchedule fees, AsOfReads asOfReads,
            OwnersAndAdmins ownersAndAdmins) {
        this.admissions = admissions;
        this.gateways = gateways;
        this.fees = fees;
        this.asOfReads = asOfReads;
        this.ownersAndAdmins = ownersAndAdmins;
    }

    /** Admits one payout; a refusal is thrown as the exception it stands for. */
    AdmissionOutcome admit(PayoutRequest request, RequestContext context) {
        return admitted(admitAll(List.of(request), context).get(0));
    }

    /** Admits each payout on its own merits: one outcome per request, in order. */
    List<AdmissionOutcome> admitAll(List<PayoutRequest> requests, RequestContext context) {
        context.writes(PAYOUT, requests.stream().map(request -> request.payoutId().value()).toList());
        return admissions.admit(WalletId.of(context.mode()), requests, List.of());
    }

    /** Queues a failed payout again, its amount reserved again; a refusal is thrown. */
    AdmissionOutcome retry(PayoutId payoutId, RequestContext context) {
        return admitted(retryAll(List.of(payoutId), context).get(0));
    }

    /** Retries each failed payout on its own merits: one outcome per payout, in order. */
    List<AdmissionOutcome> retryAll(List<PayoutId> payoutIds, RequestContext context) {
        context.writes(PAYOUT, payoutIds.stream().map(PayoutId::value).toList());
        List<AdmitPayoutsCommand.PayoutRetry> retries = payoutIds.stream()
                .map(id -> new AdmitPayoutsCommand.PayoutRetry(id, context.requestId(), context.callerId())).toList();
        return admissions.admit(WalletId.of(context.mode()), List.of(), retries);
    }

    /** Cancels a payout that has not left for the rail, releasing its funds. */
    void cancel(PayoutId payoutId, RequestContext context) {
        context.writes(PAYOUT, payoutId.value());
        gateways.sendForResult(new CancelPayoutCommand(payoutId, context.mode(), context.receivedAt()), context);
    }

    /** Releases a payout held for approval; only an owner or an admin may. */
    PayoutSummary approve(PayoutId payoutId, RequestContext context) {
        ownersAndAdmins.require(context.requireCaller(), "approve a payout");
        context.writes(PAYOUT, payoutId.value());
        gateways.sendForResult(new ApprovePayoutCommand(payoutId, context.mode(), context.requireCaller().userId(),
                context.requestId(), context.callerId(), context.receivedAt()), context);
        return find(payoutId, context);
    }

    /** Rejects a payout held for approval, releasing its funds; only an owner or an admin may. */
    PayoutSummary reject(PayoutId payoutId, String reason, RequestContext context) {
        ownersAndAdmins.require(context.requireCaller(), "reject a payout");
        context.writes(PAYOUT, payoutId.value());
        gateways.sendForResult(new RejectPayoutCommand(payoutId, context.mode(), context.requireCaller().userId(),
                reason, context.receivedAt()), context);
        return find(payoutId, context);
    }

    /** From the read model, or from the payout's stored events while the read model does not show it yet. */
    PayoutSummary find(PayoutId payoutId, RequestContext context) {
        return gateways.query(new FindPayoutQuery(context.mode(), payoutId), PayoutSummary.class);
    }

    /** The payout as it was answered at that instant, from its events (ADR-0027). */
    PayoutSummary asOf(PayoutId payoutId, Instant instant, RequestContext context) {
        return asOfReads.payout(context.mode(), payoutId, instant);
    }

    PayoutPage list(FindPayoutsQuery query) {
        return gateways.query(query, PayoutPage.class);
    }

    /** What an instant payout of this amount costs; refused when the fee would take all of it. */
    FeeQuote instantFee(long amount) {
        Money.requireAmount("amount", amount);
        long fee = fees.feeFor(Rail.INSTANT, amount);
        if (fee >= amount) {
            throw new InvalidFieldException("amount", "must be larger than the instant fee of " + fee);
        }
        return new FeeQuote(amount, fee, fees.instantPercent(), amount, amount - fee);
    }

    private static AdmissionOutcome admitted(AdmissionOutcome outcome) {
        if (!outcome.admitted()) {
            throw outcome.refusal().toException();
        }
        return outcome;
    }

    record FeeQuote(long amount, long fee, BigDecimal feePercent, long total, long estimatedDeposit) {
    }
}
