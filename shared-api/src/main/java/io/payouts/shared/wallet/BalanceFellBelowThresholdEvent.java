package io.payouts.shared.wallet;

import io.payouts.shared.Mode;
import io.payouts.shared.WalletScoped;
import org.axonframework.serialization.Revision;

import java.time.Instant;

/** Available funds went from at least the threshold to below it (or the threshold was raised above them). */
@Revision("1")
public record BalanceFellBelowThresholdEvent(WalletId walletId, Mode mode, long available, long threshold,
                                             Instant at) implements WalletAlertEvent, WalletScoped {
}
