package io.payouts.service.driver;

import io.payouts.shared.driver.DriverProfile;
import io.payouts.shared.driver.EmailAddress;
import io.payouts.shared.driver.PhoneNumber;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

/** Body of PUT /drivers/:id: the whole profile; svcDriverId cannot change. */
record DriverProfileRequest(
        @NotBlank(message = "is required") @Size(max = DriverProfile.MAX_NAME_LENGTH, message = "must be at most {max} characters") String name,
        @NotNull(message = "is required") @DriverField(DriverField.Rule.EMAIL) String email,
        @NotNull(message = "is required") @DriverField(DriverField.Rule.PHONE) String phone) {

    DriverProfile toProfile() {
        return new DriverProfile(name, new EmailAddress(email), new PhoneNumber(phone));
    }
}
