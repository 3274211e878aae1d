package io.payouts.bank.reach;

import java.time.Instant;
import java.util.Optional;

/** What waits for the counterparty (files, payout attempts), and since when the oldest of it has. */
public record Waiting(long count, Optional<Instant> oldest) {

    public static final Waiting NOTHING = new Waiting(0, Optional.empty());
}
