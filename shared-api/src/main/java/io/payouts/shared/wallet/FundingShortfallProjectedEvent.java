package io.payouts.shared.wallet;

import io.payouts.shared.Mode;
import io.payouts.shared.WalletScoped;
import org.axonframework.serialization.Revision;

import java.time.Instant;
import java.time.LocalDate;

/**
 * A shortfall episode began: the funding projection runs below zero on {@code shortfallOn}, within
 * {@code withinDays} days. Later projections of the same episode add no event.
 */
@Revision("1")
public record FundingShortfallProjectedEvent(WalletId walletId, Mode mode, LocalDate shortfallOn,
                                             long projectedBalance, int withinDays, Instant at)
        implements WalletAlertEvent, WalletScoped {
}
