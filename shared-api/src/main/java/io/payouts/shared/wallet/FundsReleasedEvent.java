package io.payouts.shared.wallet;

import io.payouts.shared.Mode;
import io.payouts.shared.PayoutScoped;
import io.payouts.shared.WalletScoped;
import io.payouts.shared.payout.PayoutId;
import org.axonframework.serialization.Revision;

import java.time.Instant;

/** A payout failed or was canceled: its reservation went back to available. */
@Revision("1")
public record FundsReleasedEvent(WalletId walletId, Mode mode, PayoutId payoutId, long amount, Instant releasedAt)
        implements WalletEvent, WalletScoped, PayoutScoped {
}
