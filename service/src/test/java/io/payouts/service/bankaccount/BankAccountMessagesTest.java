package io.payouts.service.bankaccount;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.payouts.shared.Mode;
import io.payouts.shared.driver.BankAccountDetails;
import io.payouts.shared.driver.BankAccountStanding;
import io.payouts.shared.driver.BankAccountType;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.driver.DriverProfile;
import io.payouts.shared.driver.DriverStanding;
import io.payouts.shared.driver.DriverStatus;
import io.payouts.shared.driver.EmailAddress;
import io.payouts.shared.driver.FindDriverStandingsQuery;
import io.payouts.shared.driver.KycStatus;
import io.payouts.shared.driver.PhoneNumber;
import io.payouts.shared.driver.RegisterDriverCommand;
import io.payouts.shared.driver.SetDriverBankAccountCommand;
import org.axonframework.serialization.SerializedObject;
import org.axonframework.serialization.json.JacksonSerializer;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The messages that carry an account or a standing keep every field across a serializer, as they do between
 * instances on Axon Server: a record with a second constructor for its older callers must still be read through its
 * canonical one.
 */
class BankAccountMessagesTest {

    private static final DriverId DRIVER = new DriverId("drv_" + "0".repeat(31) + "1");
    private static final BankAccountDetails ACCOUNT = BankAccountDetails.us("Ana Silva", "021000021", "000123456789",
            BankAccountType.SAVINGS);
    private final JacksonSerializer serializer = JacksonSerializer.builder()
            .objectMapper(new ObjectMapper().findAndRegisterModules()).build();

    @Test
    void aRegistrationKeepsItsBankAccount() {
        RegisterDriverCommand registration = new RegisterDriverCommand(DRIVER, Mode.PRODUCTION, "fleet-1",
                new DriverProfile("Ana Silva", new EmailAddress("ana@example.com"), new PhoneNumber("+14155550123")),
                Instant.parse("2025-01-15T09:00:00Z"), ACCOUNT);

        assertThat(roundTrip(registration)).isEqualTo(registration);
    }

    @Test
    void aBankAccountCommandKeepsEveryField() {
        SetDriverBankAccountCommand command = new SetDriverBankAccountCommand(DRIVER, Mode.PRODUCTION,
                BankAccountDetails.iban("Ana Silva", "GB82WEST12345698765432", "NWBKGB2L"),
                Instant.parse("2025-01-15T09:00:00Z"));

        assertThat(roundTrip(command)).isEqualTo(command);
    }

    @Test
    void aStandingKeepsWhetherItsBankAccountIsMissing() {
        FindDriverStandingsQuery.Result result = new FindDriverStandingsQuery.Result(List.of(new DriverStanding(DRIVER,
                Mode.PRODUCTION, DriverStatus.ACTIVE, KycStatus.VERIFIED, "Ana Silva", BankAccountStanding.MISSING)));

        assertThat(roundTrip(result)).isEqualTo(result);
    }

    private <T> T roundTrip(T message) {
        SerializedObject<byte[]> serialized = serializer.serialize(message, byte[].class);
        return serializer.deserialize(serialized);
    }
}
