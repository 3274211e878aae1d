package io.payouts.shared.wallet;

import io.payouts.shared.WalletScoped;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

import java.time.Instant;
import java.util.List;

/**
 * Reserves funds for several payouts at once, in order; each is granted while available funds cover it.
 * Answers with the granted reservations, as a {@link Result}.
 */
public record ReserveFundsCommand(@TargetAggregateIdentifier WalletId walletId, List<Reservation> reservations,
                                  Instant reservedAt) implements WalletScoped {

    public ReserveFundsCommand {
        reservations = List.copyOf(reservations);
    }

    /** The reservations granted, in the command's order; a record, so that the list keeps its type on any bus. */
    public record Result(List<Reservation> granted) {

        public Result {
            granted = List.copyOf(granted);
        }
    }
}
