package io.payouts.client.drivers;

import java.time.Instant;

/** A driver: status invited, active, inactive; kycStatus pending, verified or rejected. */
public record Driver(String id, String svcDriverId, String name, String email, String phone, String status,
                     String kycStatus, long totalPaid, long pendingPayouts, Instant createdAt, Instant updatedAt) {
}
