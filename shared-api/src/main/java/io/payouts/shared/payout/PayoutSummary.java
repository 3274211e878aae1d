package io.payouts.shared.payout;

import io.payouts.shared.approval.Approval;
import io.payouts.shared.driver.DriverId;

import java.time.Instant;

/**
 * A payout as the read model holds it; amounts in cents. Timestamps are null until the payout gets there;
 * {@code requestedBy} is null when its request named no one; {@code approval} is null unless it was above the
 * approval threshold (ADR-0046).
 */
public record PayoutSummary(PayoutId id, String loadId, DriverId driverId, String driverName, long amount, long fee,
                            long netAmount, PayoutStatus status, Rail rail, String description, String requestedBy,
                            String batchId, Instant requestedAt, Instant queuedAt, Instant completedAt,
                            Instant canceledAt, Instant retriedAt, Instant failedAt, String failureReason,
                            Approval approval) {
}
