package io.payouts.client.funding;

import java.time.Instant;
import java.time.LocalDate;

/**
 * The mode's low-balance alert (ADR-0043), amounts in cents: {@code low} while available funds are below
 * {@code lowBalanceThreshold} (since {@code lowSince}); {@code shortfallOn} the first short day of a projected
 * shortfall, null when none is; {@code shortfallWithinDays} null when the projection is not watched.
 */
public record FundingAlert(long lowBalanceThreshold, Integer shortfallWithinDays, boolean low, Instant lowSince,
                           LocalDate shortfallOn, Instant shortfallSince, long available, String currency,
                           String setBy, Instant setAt) {
}
