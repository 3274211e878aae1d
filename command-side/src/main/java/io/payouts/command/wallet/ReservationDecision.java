package io.payouts.command.wallet;

import io.payouts.shared.wallet.Reservation;

/** Whether one reservation was granted, and what was available when it was decided. */
public record ReservationDecision(Reservation reservation, boolean granted, long availableBefore) {
}
