package io.payouts.shared.payout;

import java.time.Instant;

/** A payout as the read model holds it; amounts in cents. */
public record PayoutSummary(String id, String loadId, String driverId, String driverName, long amount, long fee,
                            long netAmount, String status, String rail, Instant requestedAt, Instant completedAt) {
}
