package io.payouts.service.payout;

import io.payouts.platform.ids.IdGenerator;
import io.payouts.service.http.ApiEnums;
import io.payouts.service.http.RequestContext;
import io.payouts.service.http.SandboxScenario;
import io.payouts.shared.Mode;
import io.payouts.shared.Money;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.driver.DriverNotFoundException;
import io.payouts.shared.payout.FeeSchedule;
import io.payouts.shared.payout.PayoutRequest;
import io.payouts.shared.payout.Rail;
import io.payouts.shared.wallet.InsufficientFundsException;
import org.springframework.stereotype.Component;

import java.util.Map;

/**
 * Turns a request into a payout to admit: the fee comes from the fee schedule, and the sandbox scenario decides
 * forced outcomes. Whether its driver may be paid is the command side's decision, made as the funds are reserved
 *.
 */
@Component
public class PayoutRequests {

    private final IdGenerator ids;
    private final FeeSchedule fees;

    PayoutRequests(IdGenerator ids, FeeSchedule fees) {
        this.ids = ids;
        this.fees = fees;
    }

    public PayoutRequest build(String rawDriverId, long amount, Rail rail, String description, String loadId,
                               String requestedBy, SandboxScenario scenario, RequestContext context) {
        Mode mode = context.mode();
        DriverId driverId = DriverId.parse(rawDriverId).orElseThrow(() -> new DriverNotFoundException(rawDriverId));
        if (scenario == SandboxScenario.INSUFFICIENT_FUNDS) {
            throw InsufficientFundsException.forcedBySandbox(amount);
        }
        long fee = fees.feeFor(rail, amount);
        return new PayoutRequest(ids.newPayoutId(), mode, driverId, amount, fee, rail, description, loadId, requestedBy,
                scenario == SandboxScenario.SUCCESS ? null : scenario.apiName(), context.requestId(),
                context.callerId(), context.receivedAt(), context.requireCaller().userId());
    }

    /**
     * Every rule the payout's own fields break, by field, with the fee its rail would take; the driver apart. For a
     * batch's item, which names no requester: the batch is what was asked for.
     */
    public Map<String, String> fieldProblems(long amount, Rail rail, String description, String loadId) {
        long fee = Money.amountProblem(amount).isPresent() ? 0 : fees.feeFor(rail, amount);
        return PayoutRequest.problems(amount, fee, description, loadId, null);
    }

    /** {@code urgency} names the rail; standard when absent. */
    public static Rail rail(String urgency) {
        return urgency == null ? Rail.STANDARD : ApiEnums.parse(Rail.class, "urgency", urgency);
    }
}
