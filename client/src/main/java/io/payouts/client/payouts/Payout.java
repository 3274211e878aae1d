package io.payouts.client.payouts;

import java.time.Instant;

/**
 * A payout. status: validated, queued, processing, completed, failed or canceled, and pending_approval or rejected
 * above the mode's approval threshold ({@code approval}); rail: standard or instant.
 * Amounts are in cents; {@code netAmount = amount - fee}. Timestamps are null until the payout gets there;
 * {@code requestedBy}, who its request said asked for it, is null when the request named no one.
 */
public record Payout(String id, String loadId, String driverId, String driverName, long amount, long fee,
                     long netAmount, String status, String rail, String description, String requestedBy,
                     String batchId, Instant requestedAt, Instant completedAt, Instant canceledAt, Instant retriedAt,
                     Instant failedAt, String failureReason, String estimatedSettlement, Approval approval) {

    public boolean isFinished() {
        return "completed".equals(status) || "failed".equals(status) || "canceled".equals(status)
                || "rejected".equals(status);
    }

    /** Above the mode's approval threshold and not decided yet: nothing is reserved for it. */
    public boolean isPendingApproval() {
        return "pending_approval".equals(status);
    }
}
