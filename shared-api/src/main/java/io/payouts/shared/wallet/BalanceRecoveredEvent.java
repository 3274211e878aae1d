package io.payouts.shared.wallet;

import io.payouts.shared.Mode;
import io.payouts.shared.WalletScoped;
import org.axonframework.serialization.Revision;

import java.time.Instant;

/** Available funds were low and are at least the threshold again (or the threshold was lowered to them). */
@Revision("1")
public record BalanceRecoveredEvent(WalletId walletId, Mode mode, long available, long threshold, Instant at)
        implements WalletAlertEvent, WalletScoped {
}
