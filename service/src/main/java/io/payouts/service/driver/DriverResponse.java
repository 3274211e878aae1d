package io.payouts.service.driver;

import io.payouts.service.http.ApiEnums;
import io.payouts.shared.driver.DriverProfile;
import io.payouts.shared.driver.DriverStatus;
import io.payouts.shared.driver.DriverSummary;
import io.payouts.shared.driver.KycStatus;
import io.payouts.shared.driver.RegisterDriverCommand;

import java.time.Instant;

/** A driver as the API shows it; status and kycStatus in lowercase. */
public record DriverResponse(String id, String svcDriverId, String name, String email, String phone, String status,
                      String kycStatus, long totalPaid, long pendingPayouts, Instant createdAt, Instant updatedAt) {

    /** A driver just registered: invited, KYC pending, nothing paid yet. */
    static DriverResponse registered(RegisterDriverCommand registration) {
        DriverProfile profile = registration.profile();
        return new DriverResponse(registration.driverId().value(), registration.svcDriverId(), profile.name(),
                profile.email().value(), profile.phone().value(), ApiEnums.name(DriverStatus.INVITED),
                ApiEnums.name(KycStatus.PENDING), 0, 0, registration.registeredAt(), registration.registeredAt());
    }

    public static DriverResponse of(DriverSummary driver) {
        return new DriverResponse(driver.id().value(), driver.svcDriverId(), driver.name(), driver.email(),
                driver.phone(), ApiEnums.name(driver.status()), ApiEnums.name(driver.kycStatus()), driver.totalPaid(),
                driver.pendingPayouts(), driver.createdAt(), driver.updatedAt());
    }
}
