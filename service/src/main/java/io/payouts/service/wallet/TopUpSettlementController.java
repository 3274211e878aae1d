package io.payouts.service.wallet;

import io.payouts.service.http.ApiResponse;
import io.payouts.service.http.Gateways;
import io.payouts.service.http.RequestContext;
import io.payouts.shared.DomainException;
import io.payouts.shared.ErrorCode;
import io.payouts.shared.Mode;
import io.payouts.shared.wallet.SettleTopUpCommand;
import io.payouts.shared.wallet.TopUp;
import io.payouts.shared.wallet.TopUpNotPendingException;
import io.payouts.shared.wallet.TopUpSettlement;
import io.payouts.shared.wallet.TransactionId;
import io.payouts.shared.wallet.WalletId;
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

    private final Gateways gateways;

    TopUpSettlementController(Gateways gateways) {
        this.gateways = gateways;
    }

    @PostMapping("/api/v1/admin/funding/topups/{id}/settle")
    ApiResponse<Settled> settle(@PathVariable String id, RequestContext context) {
        TransactionId transactionId = TransactionId.parse(id).orElseThrow(() -> new TopUpNotPendingException(id));
        WalletId walletId = WalletId.of(Mode.PRODUCTION);
        TopUpSettlement settlement;
        try {
            settlement = gateways.sendForResult(new SettleTopUpCommand(walletId, transactionId,
                    context.requireCaller().userId(), context.receivedAt()), context);
        } catch (DomainException refused) {
            // no wallet yet: nothing can be pending in it
            throw refused.code() == ErrorCode.NOT_FOUND ? new TopUpNotPendingException(id) : refused;
        }
        return ApiResponse.ok(context, new Settled(transactionId.value(), settlement.amount(), TopUp.SETTLED,
                context.receivedAt(), settlement.available()));
    }

    record Settled(String transactionId, long amount, String status, Instant settledAt, long balance) {
    }
}
