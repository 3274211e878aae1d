package io.payouts.shared.wallet;

import io.payouts.shared.Mode;
import io.payouts.shared.WalletScoped;
import org.axonframework.serialization.Revision;

import java.time.Instant;
import java.util.List;

/** Funds were set aside for these payouts, in this order; available dropped by their sum. */
@Revision("1")
public record FundsReservedEvent(WalletId walletId, Mode mode, List<Reservation> reservations, Instant reservedAt)
        implements WalletEvent, WalletScoped {
}
