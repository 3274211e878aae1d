package io.payouts.query.wallet;

import io.payouts.shared.Mode;

import java.time.Instant;

/**
 * What one event did to its mode's wallet, in cents: the differences it made to available, pending and in-transit
 * funds, dated by the event's own time. A balance at an instant is the sum of the movements dated up to it.
 */
record WalletMovement(long globalPosition, Mode mode, Instant occurredAt, long available, long pending,
                      long inTransit) {

    static WalletMovement between(WalletRow before, WalletRow after, long globalPosition, Instant occurredAt) {
        return new WalletMovement(globalPosition, after.mode(), occurredAt, after.available() - before.available(),
                after.pending() - before.pending(), after.inTransit() - before.inTransit());
    }
}
