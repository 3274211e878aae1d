package io.payouts.shared.wallet;

import org.axonframework.modelling.command.TargetAggregateIdentifier;

import java.time.Instant;
import java.util.List;

/**
 * Reserves funds for several payouts at once, in order; each is granted while available funds cover it.
 * Returns the granted reservations.
 */
public record ReserveFundsCommand(@TargetAggregateIdentifier WalletId walletId, List<Reservation> reservations,
                                  Instant reservedAt) {

    public ReserveFundsCommand {
        reservations = List.copyOf(reservations);
    }
}
