package io.payouts.shared.wallet;

import io.payouts.shared.Mode;
import io.payouts.shared.WalletScoped;
import org.axonframework.serialization.Revision;

import java.time.Instant;

/** The shortfall episode ended: the projection no longer runs below zero in the window, or it is not watched. */
@Revision("1")
public record FundingShortfallClearedEvent(WalletId walletId, Mode mode, Instant at)
        implements WalletAlertEvent, WalletScoped {
}
