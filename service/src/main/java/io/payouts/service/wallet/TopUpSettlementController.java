package io.payouts.service.wallet;

import io.payouts.service.http.ApiResponse;
import io.payouts.service.http.RequestContext;
import io.payouts.shared.wallet.TopUp;
import io.payouts.shared.wallet.TopUpNotPendingException;
import io.payouts.shared.wallet.TopUpSettlement;
import io.payouts.shared.wallet.TransactionId;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

import java.time.Instant;

/**
 * An owner or admin confirms that a production top-up's bank transfer arrived: the money becomes available
 * (ADR-0011). Sandbox top-ups settle by themselves.
 */
@RestController
class TopUpSettlementController {

    private final Funding funding;

    TopUpSettlementController(Funding funding) {
        this.funding = funding;
    }

    @PostMapping("/api/v1/admin/funding/topups/{id}/settle")
    ApiResponse<Settled> settle(@PathVariable String id, RequestContext context) {
        TransactionId transactionId = TransactionId.parse(id).orElseThrow(() -> new TopUpNotPendingException(id));
        TopUpSettlement settlement = funding.settle(transactionId, context);
        return ApiResponse.ok(context, new Settled(transactionId.value(), settlement.amount(), TopUp.SETTLED,
                context.receivedAt(), settlement.available()));
    }

    record Settled(String transactionId, long amount, String status, Instant settledAt, long balance) {
    }
}
