package io.payouts.service.driver;

import io.payouts.service.bankaccount.BankAccountRequest;
import io.payouts.shared.Mode;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.driver.DriverProfile;
import io.payouts.shared.driver.EmailAddress;
import io.payouts.shared.driver.PhoneNumber;
import io.payouts.shared.driver.RegisterDriverCommand;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

import java.time.Instant;

/**
 * Body of driver registration, singly or as one item of a bulk request; {@code bankAccount} is optional and, when
 * given, is stored in the registration's own unit of work.
 */
record DriverRequest(
        @NotNull(message = "is required") @DriverField(DriverField.Rule.SVC_DRIVER_ID) String svcDriverId,
        @NotBlank(message = "is required") @Size(max = DriverProfile.MAX_NAME_LENGTH, message = "must be at most {max} characters") String name,
        @NotNull(message = "is required") @DriverField(DriverField.Rule.EMAIL) String email,
        @NotNull(message = "is required") @DriverField(DriverField.Rule.PHONE) String phone,
        BankAccountRequest bankAccount) {

    RegisterDriverCommand toCommand(DriverId driverId, Mode mode, Instant at) {
        return new RegisterDriverCommand(driverId, mode, svcDriverId,
                new DriverProfile(name, new EmailAddress(email), new PhoneNumber(phone)), at,
                bankAccount == null ? null : bankAccount.toDetails("bankAccount."));
    }
}
