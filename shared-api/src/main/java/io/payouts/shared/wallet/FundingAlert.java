package io.payouts.shared.wallet;

import java.time.Instant;
import java.time.LocalDate;

/**
 * A mode's low-balance alert as the read model holds it; a mode never set has threshold 0, no days, nothing low.
 *
 * @param lowSince       when available funds last fell below the threshold, while they are low; else null
 * @param shortfallOn    the first day the projection ran below zero when the current shortfall episode began
 * @param shortfallSince when that episode began
 */
public record FundingAlert(long lowBalanceThreshold, Integer shortfallWithinDays, boolean low, Instant lowSince,
                           LocalDate shortfallOn, Instant shortfallSince, String setBy, Instant setAt) {

    public static final FundingAlert NEVER_SET = new FundingAlert(0, null, false, null, null, null, null, null);
}
