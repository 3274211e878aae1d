package io.payouts.service.driver;

import io.payouts.service.web.ApiEnums;
import io.payouts.shared.driver.DriverSummary;

import java.time.Instant;

/** A driver as the API shows it; status and kycStatus in lowercase. */
public record DriverResponse(String id, String svcDriverId, String name, String email, String phone, String status,
                      String kycStatus, long totalPaid, long pendingPayouts, Instant createdAt, Instant updatedAt) {

    public static DriverResponse of(DriverSummary driver) {
        return new DriverResponse(driver.id().value(), driver.svcDriverId(), driver.name(), driver.email(),
                driver.phone(), ApiEnums.name(driver.status()), ApiEnums.name(driver.kycStatus()), driver.totalPaid(),
                driver.pendingPayouts(), driver.createdAt(), driver.updatedAt());
    }
}
