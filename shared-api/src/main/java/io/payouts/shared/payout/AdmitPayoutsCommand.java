package io.payouts.shared.payout;

import io.payouts.shared.WalletScoped;
import io.payouts.shared.wallet.WalletId;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * Admits a batch of payouts against one wallet in one unit of work: new payouts are created and failed ones
 * retried, each only if its funds can be reserved. Many concurrent requests share one commit (ADR-0011).
 */
public record AdmitPayoutsCommand(WalletId walletId, List<PayoutRequest> newPayouts, List<PayoutRetry> retries,
                                  Instant admittedAt) implements WalletScoped {

    public AdmitPayoutsCommand {
        Objects.requireNonNull(walletId, "walletId");
        newPayouts = List.copyOf(newPayouts);
        retries = List.copyOf(retries);
    }

    /** A failed payout to queue again; funds are reserved anew. */
    public record PayoutRetry(PayoutId payoutId, String requestId, String caller) {
    }
}
