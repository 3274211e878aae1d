package io.payouts.command.driver;

import io.payouts.shared.InvalidStateException;
import io.payouts.shared.Mode;
import io.payouts.shared.driver.BankAccountDetails;
import io.payouts.shared.driver.BankAccountNotFoundException;
import io.payouts.shared.driver.BankAccountType;
import io.payouts.shared.driver.DriverBankAccountRemovedEvent;
import io.payouts.shared.driver.DriverBankAccountSetEvent;
import io.payouts.shared.driver.DriverDeactivatedEvent;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.driver.DriverNotFoundException;
import io.payouts.shared.driver.DriverProfile;
import io.payouts.shared.driver.DriverRegisteredEvent;
import io.payouts.shared.driver.EmailAddress;
import io.payouts.shared.driver.PhoneNumber;
import io.payouts.shared.driver.RegisterDriverCommand;
import io.payouts.shared.driver.RemoveDriverBankAccountCommand;
import io.payouts.shared.driver.SetDriverBankAccountCommand;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.axonframework.test.aggregate.FixtureConfiguration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;

/** The Driver aggregate's rules for the bank account it is paid to. */
class DriverBankAccountTest {

    private static final DriverId DRIVER = new DriverId("drv_" + "0".repeat(31) + "1");
    private static final Instant REGISTERED_AT = Instant.parse("2025-01-15T09:00:00Z");
    private static final Instant SET_AT = Instant.parse("2025-01-15T10:00:00Z");
    private static final Instant LATER = Instant.parse("2025-01-16T09:00:00Z");

    private static final BankAccountDetails US_ACCOUNT = BankAccountDetails.us("Ana Silva", "021000021",
            "000123456789", BankAccountType.CHECKING);
    private static final BankAccountDetails IBAN_ACCOUNT = BankAccountDetails.iban("Ana Silva",
            "DE89370400440532013000", "COBADEFFXXX");

    private FixtureConfiguration<Driver> fixture;

    @BeforeEach
    void setUp() {
        AggregateTestFixture<Driver> aggregateFixture = new AggregateTestFixture<>(Driver.class);
        aggregateFixture.registerAnnotatedCommandHandler(new DriverRegistration(aggregateFixture.getRepository(),
                (mode, svcDriverId, driverId) -> true));
        fixture = aggregateFixture;
    }

    @Test
    void setsAUsAccountWithItsLastFourDigitsBesideTheFullNumber() {
        fixture.given(registered(Mode.PRODUCTION))
                .when(new SetDriverBankAccountCommand(DRIVER, Mode.PRODUCTION, US_ACCOUNT, SET_AT))
                .expectSuccessfulHandlerExecution()
                .expectEvents(new DriverBankAccountSetEvent(DRIVER, Mode.PRODUCTION, "Ana Silva", "US",
                        BankAccountType.CHECKING, "021000021", null, "000123456789", null, "6789", SET_AT));
    }

    @Test
    void replacesAnAccountWithOneByIbanTakingItsCountryFromTheIban() {
        fixture.given(registered(Mode.PRODUCTION), set(US_ACCOUNT, SET_AT))
                .when(new SetDriverBankAccountCommand(DRIVER, Mode.PRODUCTION, IBAN_ACCOUNT, LATER))
                .expectEvents(new DriverBankAccountSetEvent(DRIVER, Mode.PRODUCTION, "Ana Silva", "DE", null, null,
                        "COBADEFFXXX", null, "DE89370400440532013000", "3000", LATER));
    }

    @Test
    void registersADriverWithTheirAccountInOneUnitOfWork() {
        DriverProfile profile = new DriverProfile("Ana Silva", new EmailAddress("ana@example.com"),
                new PhoneNumber("+14155550123"));

        fixture.givenNoPriorActivity()
                .when(new RegisterDriverCommand(DRIVER, Mode.PRODUCTION, "fleet-42", profile, REGISTERED_AT,
                        US_ACCOUNT))
                .expectEvents(registered(Mode.PRODUCTION), set(US_ACCOUNT, REGISTERED_AT));
    }

    @Test
    void rejectsAnAccountForAnInactiveDriver() {
        fixture.given(registered(Mode.PRODUCTION), new DriverDeactivatedEvent(DRIVER, Mode.PRODUCTION, SET_AT))
                .when(new SetDriverBankAccountCommand(DRIVER, Mode.PRODUCTION, US_ACCOUNT, LATER))
                .expectException(InvalidStateException.class)
                .expectNoEvents();
    }

    @Test
    void rejectsAnAccountFromTheOtherModeAsIfTheDriverDidNotExist() {
        fixture.given(registered(Mode.SANDBOX))
                .when(new SetDriverBankAccountCommand(DRIVER, Mode.PRODUCTION, US_ACCOUNT, SET_AT))
                .expectException(DriverNotFoundException.class)
                .expectNoEvents();
    }

    @Test
    void removesTheAccountOnFile() {
        fixture.given(registered(Mode.PRODUCTION), set(US_ACCOUNT, SET_AT))
                .when(new RemoveDriverBankAccountCommand(DRIVER, Mode.PRODUCTION, LATER))
                .expectEvents(new DriverBankAccountRemovedEvent(DRIVER, Mode.PRODUCTION, LATER));
    }

    @Test
    void removesTheAccountOfAnInactiveDriverToo() {
        fixture.given(registered(Mode.PRODUCTION), set(US_ACCOUNT, SET_AT),
                        new DriverDeactivatedEvent(DRIVER, Mode.PRODUCTION, SET_AT))
                .when(new RemoveDriverBankAccountCommand(DRIVER, Mode.PRODUCTION, LATER))
                .expectEvents(new DriverBankAccountRemovedEvent(DRIVER, Mode.PRODUCTION, LATER));
    }

    @Test
    void rejectsRemovingWhenNoAccountIsOnFile() {
        fixture.given(registered(Mode.PRODUCTION))
                .when(new RemoveDriverBankAccountCommand(DRIVER, Mode.PRODUCTION, LATER))
                .expectException(BankAccountNotFoundException.class)
                .expectNoEvents();
    }

    @Test
    void rejectsRemovingAnAccountTwice() {
        fixture.given(registered(Mode.PRODUCTION), set(US_ACCOUNT, SET_AT),
                        new DriverBankAccountRemovedEvent(DRIVER, Mode.PRODUCTION, SET_AT))
                .when(new RemoveDriverBankAccountCommand(DRIVER, Mode.PRODUCTION, LATER))
                .expectException(BankAccountNotFoundException.class)
                .expectNoEvents();
    }

    @Test
    void rejectsRemovingFromTheOtherMode() {
        fixture.given(registered(Mode.SANDBOX), set(US_ACCOUNT, SET_AT))
                .when(new RemoveDriverBankAccountCommand(DRIVER, Mode.PRODUCTION, LATER))
                .expectException(DriverNotFoundException.class)
                .expectNoEvents();
    }

    private static DriverRegisteredEvent registered(Mode mode) {
        return new DriverRegisteredEvent(DRIVER, mode, "fleet-42", "Ana Silva", "ana@example.com", "+14155550123",
                REGISTERED_AT);
    }

    private static DriverBankAccountSetEvent set(BankAccountDetails account, Instant at) {
        return DriverBankAccountSetEvent.of(DRIVER, Mode.PRODUCTION, account, at);
    }
}
