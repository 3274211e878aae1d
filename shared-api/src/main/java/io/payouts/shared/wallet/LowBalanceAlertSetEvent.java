package io.payouts.shared.wallet;

import io.payouts.shared.Mode;
import io.payouts.shared.WalletScoped;
import org.axonframework.serialization.Revision;

import java.time.Instant;

/**
 * An owner or admin set the mode's alert: available funds below {@code lowBalanceThreshold} (cents; 0 never) are
 * low, and a shortfall projected within {@code shortfallWithinDays} days (null: not watched) is announced.
 */
@Revision("1")
public record LowBalanceAlertSetEvent(WalletId walletId, Mode mode, long lowBalanceThreshold,
                                      Integer shortfallWithinDays, String setBy, Instant setAt)
        implements WalletAlertEvent, WalletScoped {
}
