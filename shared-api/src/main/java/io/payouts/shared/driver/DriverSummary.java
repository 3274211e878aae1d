package io.payouts.shared.driver;

import java.time.Instant;

/**
 * A driver as the read model holds it. {@code totalPaid} is the sum of completed payout amounts in cents,
 * {@code pendingPayouts} the number of payouts not yet completed, failed or canceled.
 */
public record DriverSummary(DriverId id, String svcDriverId, String name, String email, String phone,
                            DriverStatus status, KycStatus kycStatus, long totalPaid, long pendingPayouts,
                            Instant createdAt, Instant updatedAt) {
}
