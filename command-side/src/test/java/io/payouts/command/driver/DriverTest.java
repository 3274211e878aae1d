package io.payouts.command.driver;

import io.payouts.shared.InvalidStateException;
import io.payouts.shared.Mode;
import io.payouts.shared.driver.DeactivateDriverCommand;
import io.payouts.shared.driver.DriverDeactivatedEvent;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.driver.DriverKycRejectedEvent;
import io.payouts.shared.driver.DriverKycVerifiedEvent;
import io.payouts.shared.driver.DriverNotFoundException;
import io.payouts.shared.driver.DriverProfile;
import io.payouts.shared.driver.DriverProfileUpdatedEvent;
import io.payouts.shared.driver.DriverRegisteredEvent;
import io.payouts.shared.driver.DuplicateSvcDriverIdException;
import io.payouts.shared.driver.EmailAddress;
import io.payouts.shared.driver.KycOutcome;
import io.payouts.shared.driver.PhoneNumber;
import io.payouts.shared.driver.RecordKycOutcomeCommand;
import io.payouts.shared.driver.RegisterDriverCommand;
import io.payouts.shared.driver.UpdateDriverProfileCommand;
import io.payouts.shared.driver.VerifyPendingKycCommand;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.axonframework.test.aggregate.FixtureConfiguration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class DriverTest {

    private static final DriverId DRIVER = new DriverId("drv_" + "0".repeat(31) + "1");
    private static final DriverId OTHER_DRIVER = new DriverId("drv_" + "0".repeat(31) + "2");
    private static final String SVC_DRIVER_ID = "fleet-42";

    private static final Instant REGISTERED_AT = Instant.parse("2025-01-15T09:00:00Z");
    private static final Instant UPDATED_AT = Instant.parse("2025-01-15T10:00:00Z");
    private static final Instant DECIDED_AT = Instant.parse("2025-01-15T11:00:00Z");
    private static final Instant DEACTIVATED_AT = Instant.parse("2025-01-15T12:00:00Z");
    private static final Instant LATER = Instant.parse("2025-01-16T09:00:00Z");

    private static final DriverProfile ANA = profile("Ana Silva", "ana@example.com", "+14155550123");

    private FixtureConfiguration<Driver> fixture;
    private InMemorySvcDriverIdClaims claims;

    @BeforeEach
    void setUp() {
        AggregateTestFixture<Driver> aggregateFixture = new AggregateTestFixture<>(Driver.class);
        claims = new InMemorySvcDriverIdClaims();
        aggregateFixture.registerAnnotatedCommandHandler(new DriverRegistration(aggregateFixture.getRepository(), claims));
        fixture = aggregateFixture;
    }

    // registration

    @Test
    void registersADriverAndClaimsItsSvcDriverIdInItsMode() {
        fixture.givenNoPriorActivity()
                .when(register(DRIVER, Mode.SANDBOX, SVC_DRIVER_ID))
                .expectSuccessfulHandlerExecution()
                .expectResultMessagePayload(DRIVER)
                .expectEvents(registered(DRIVER, Mode.SANDBOX, SVC_DRIVER_ID));

        assertThat(claims.holderOf(Mode.SANDBOX, SVC_DRIVER_ID)).isEqualTo(DRIVER);
        assertThat(claims.holderOf(Mode.PRODUCTION, SVC_DRIVER_ID)).isNull();
    }

    @Test
    void rejectsSecondRegistrationOfTheSameSvcDriverIdInOneMode() {
        fixture.givenCommands(register(DRIVER, Mode.SANDBOX, SVC_DRIVER_ID))
                .when(register(OTHER_DRIVER, Mode.SANDBOX, SVC_DRIVER_ID))
                .expectException(DuplicateSvcDriverIdException.class)
                .expectNoEvents();

        assertThat(claims.holderOf(Mode.SANDBOX, SVC_DRIVER_ID)).isEqualTo(DRIVER);
    }

    @Test
    void rejectsRegistrationWhoseSvcDriverIdIsAlreadyClaimedInThatMode() {
        claims.claim(Mode.PRODUCTION, SVC_DRIVER_ID, OTHER_DRIVER);

        fixture.givenNoPriorActivity()
                .when(register(DRIVER, Mode.PRODUCTION, SVC_DRIVER_ID))
                .expectException(DuplicateSvcDriverIdException.class)
                .expectNoEvents();
    }

    @Test
    void allowsTheSameSvcDriverIdInTheOtherMode() {
        // the fixture holds a single aggregate, so the sandbox driver's registration is represented by its claim
        claims.claim(Mode.SANDBOX, SVC_DRIVER_ID, DRIVER);

        fixture.givenNoPriorActivity()
                .when(register(OTHER_DRIVER, Mode.PRODUCTION, SVC_DRIVER_ID))
                .expectSuccessfulHandlerExecution()
                .expectEvents(registered(OTHER_DRIVER, Mode.PRODUCTION, SVC_DRIVER_ID));

        assertThat(claims.holderOf(Mode.SANDBOX, SVC_DRIVER_ID)).isEqualTo(DRIVER);
        assertThat(claims.holderOf(Mode.PRODUCTION, SVC_DRIVER_ID)).isEqualTo(OTHER_DRIVER);
    }

    // profile

    @Test
    void updatesTheProfileWhenAnyFieldChanges() {
        DriverProfile renamed = profile("Ana Souza", "ana.souza@example.com", "+351912345678");

        fixture.given(registered(DRIVER, Mode.SANDBOX, SVC_DRIVER_ID))
                .when(new UpdateDriverProfileCommand(DRIVER, Mode.SANDBOX, renamed, UPDATED_AT))
                .expectSuccessfulHandlerExecution()
                .expectEvents(new DriverProfileUpdatedEvent(DRIVER, Mode.SANDBOX, "Ana Souza",
                        "ana.souza@example.com", "+351912345678", UPDATED_AT));
    }

    @Test
    void updatesTheProfileWhenOnlyThePhoneChanges() {
        DriverProfile newPhone = profile("Ana Silva", "ana@example.com", "+14155550199");

        fixture.given(registered(DRIVER, Mode.SANDBOX, SVC_DRIVER_ID))
                .when(new UpdateDriverProfileCommand(DRIVER, Mode.SANDBOX, newPhone, UPDATED_AT))
                .expectEvents(new DriverProfileUpdatedEvent(DRIVER, Mode.SANDBOX, "Ana Silva", "ana@example.com",
                        "+14155550199", UPDATED_AT));
    }

    @Test
    void ignoresAnUpdateWithAnIdenticalProfile() {
        fixture.given(registered(DRIVER, Mode.SANDBOX, SVC_DRIVER_ID))
                .when(new UpdateDriverProfileCommand(DRIVER, Mode.SANDBOX,
                        profile("Ana Silva", "ana@example.com", "+14155550123"), UPDATED_AT))
                .expectSuccessfulHandlerExecution()
                .expectNoEvents();
    }

    @Test
    void comparesAnUpdateWithTheLatestProfileNotTheRegisteredOne() {
        fixture.given(registered(DRIVER, Mode.SANDBOX, SVC_DRIVER_ID),
                        new DriverProfileUpdatedEvent(DRIVER, Mode.SANDBOX, "Ana Souza", "ana@example.com",
                                "+14155550123", UPDATED_AT))
                .when(new UpdateDriverProfileCommand(DRIVER, Mode.SANDBOX, ANA, LATER))
                .expectEvents(new DriverProfileUpdatedEvent(DRIVER, Mode.SANDBOX, "Ana Silva", "ana@example.com",
                        "+14155550123", LATER));
    }

    @Test
    void rejectsAProfileUpdateOfAnInactiveDriver() {
        fixture.given(registered(DRIVER, Mode.SANDBOX, SVC_DRIVER_ID), deactivated(DRIVER, Mode.SANDBOX))
                .when(new UpdateDriverProfileCommand(DRIVER, Mode.SANDBOX,
                        profile("Ana Souza", "ana@example.com", "+14155550123"), LATER))
                .expectException(InvalidStateException.class)
                .expectNoEvents();
    }

    // deactivation

    @Test
    void deactivatesAnInvitedDriver() {
        fixture.given(registered(DRIVER, Mode.SANDBOX, SVC_DRIVER_ID))
                .when(new DeactivateDriverCommand(DRIVER, Mode.SANDBOX, DEACTIVATED_AT))
                .expectEvents(deactivated(DRIVER, Mode.SANDBOX));
    }

    @Test
    void deactivatesAVerifiedDriver() {
        fixture.given(registered(DRIVER, Mode.SANDBOX, SVC_DRIVER_ID), verified(DRIVER, Mode.SANDBOX))
                .when(new DeactivateDriverCommand(DRIVER, Mode.SANDBOX, DEACTIVATED_AT))
                .expectEvents(deactivated(DRIVER, Mode.SANDBOX));
    }

    @Test
    void rejectsDeactivatingADriverTwice() {
        fixture.given(registered(DRIVER, Mode.SANDBOX, SVC_DRIVER_ID), deactivated(DRIVER, Mode.SANDBOX))
                .when(new DeactivateDriverCommand(DRIVER, Mode.SANDBOX, LATER))
                .expectException(InvalidStateException.class)
                .expectNoEvents();
    }

    // KYC

    @Test
    void recordsAVerifiedKycOutcome() {
        fixture.given(registered(DRIVER, Mode.SANDBOX, SVC_DRIVER_ID))
                .when(kyc(DRIVER, Mode.SANDBOX, KycOutcome.VERIFIED, null))
                .expectEvents(new DriverKycVerifiedEvent(DRIVER, Mode.SANDBOX, DECIDED_AT));
    }

    @Test
    void recordsARejectedKycOutcomeWithItsReason() {
        fixture.given(registered(DRIVER, Mode.SANDBOX, SVC_DRIVER_ID))
                .when(kyc(DRIVER, Mode.SANDBOX, KycOutcome.REJECTED, "document expired"))
                .expectEvents(new DriverKycRejectedEvent(DRIVER, Mode.SANDBOX, "document expired", DECIDED_AT));
    }

    @Test
    void rejectsVerifyingAnAlreadyVerifiedDriver() {
        fixture.given(registered(DRIVER, Mode.SANDBOX, SVC_DRIVER_ID), verified(DRIVER, Mode.SANDBOX))
                .when(kyc(DRIVER, Mode.SANDBOX, KycOutcome.VERIFIED, null))
                .expectException(InvalidStateException.class)
                .expectNoEvents();
    }

    @Test
    void rejectsRecordingARejectionForAnAlreadyVerifiedDriver() {
        fixture.given(registered(DRIVER, Mode.SANDBOX, SVC_DRIVER_ID), verified(DRIVER, Mode.SANDBOX))
                .when(kyc(DRIVER, Mode.SANDBOX, KycOutcome.REJECTED, "document expired"))
                .expectException(InvalidStateException.class)
                .expectNoEvents();
    }

    @Test
    void verifiesADriverWhoseEarlierCheckWasRejected() {
        fixture.given(registered(DRIVER, Mode.SANDBOX, SVC_DRIVER_ID),
                        new DriverKycRejectedEvent(DRIVER, Mode.SANDBOX, "blurry photo", UPDATED_AT))
                .when(kyc(DRIVER, Mode.SANDBOX, KycOutcome.VERIFIED, null))
                .expectEvents(new DriverKycVerifiedEvent(DRIVER, Mode.SANDBOX, DECIDED_AT));
    }

    @Test
    void recordsAnotherRejectionAfterARejection() {
        fixture.given(registered(DRIVER, Mode.SANDBOX, SVC_DRIVER_ID),
                        new DriverKycRejectedEvent(DRIVER, Mode.SANDBOX, "blurry photo", UPDATED_AT))
                .when(kyc(DRIVER, Mode.SANDBOX, KycOutcome.REJECTED, "name mismatch"))
                .expectEvents(new DriverKycRejectedEvent(DRIVER, Mode.SANDBOX, "name mismatch", DECIDED_AT));
    }

    @Test
    void theAutomaticVerificationVerifiesAPendingDriver() {
        fixture.given(registered(DRIVER, Mode.SANDBOX, SVC_DRIVER_ID))
                .when(new VerifyPendingKycCommand(DRIVER, Mode.SANDBOX, DECIDED_AT))
                .expectEvents(new DriverKycVerifiedEvent(DRIVER, Mode.SANDBOX, DECIDED_AT));
    }

    /** A rejection by hand that lands while the automatic verification is on its way stands. */
    @Test
    void theAutomaticVerificationLeavesADecidedOrInactiveDriverAsItIs() {
        fixture.given(registered(DRIVER, Mode.SANDBOX, SVC_DRIVER_ID),
                        new DriverKycRejectedEvent(DRIVER, Mode.SANDBOX, "document expired", DECIDED_AT))
                .when(new VerifyPendingKycCommand(DRIVER, Mode.SANDBOX, LATER))
                .expectSuccessfulHandlerExecution()
                .expectNoEvents();
        fixture.given(registered(DRIVER, Mode.SANDBOX, SVC_DRIVER_ID), verified(DRIVER, Mode.SANDBOX))
                .when(new VerifyPendingKycCommand(DRIVER, Mode.SANDBOX, LATER))
                .expectNoEvents();
        fixture.given(registered(DRIVER, Mode.SANDBOX, SVC_DRIVER_ID), deactivated(DRIVER, Mode.SANDBOX))
                .when(new VerifyPendingKycCommand(DRIVER, Mode.SANDBOX, LATER))
                .expectNoEvents();
    }

    @Test
    void theAutomaticVerificationFromTheOtherModeIsRefused() {
        fixture.given(registered(DRIVER, Mode.SANDBOX, SVC_DRIVER_ID))
                .when(new VerifyPendingKycCommand(DRIVER, Mode.PRODUCTION, LATER))
                .expectException(DriverNotFoundException.class)
                .expectNoEvents();
    }

    @Test
    void rejectsAKycOutcomeForAnInactiveDriver() {
        fixture.given(registered(DRIVER, Mode.SANDBOX, SVC_DRIVER_ID), deactivated(DRIVER, Mode.SANDBOX))
                .when(kyc(DRIVER, Mode.SANDBOX, KycOutcome.VERIFIED, null))
                .expectException(InvalidStateException.class)
                .expectNoEvents();
    }

    @Test
    void rejectsAKycRejectionForAnInactiveDriver() {
        fixture.given(registered(DRIVER, Mode.SANDBOX, SVC_DRIVER_ID), deactivated(DRIVER, Mode.SANDBOX))
                .when(kyc(DRIVER, Mode.SANDBOX, KycOutcome.REJECTED, "document expired"))
                .expectException(InvalidStateException.class)
                .expectNoEvents();
    }

    // mode isolation

    @Test
    void treatsAProfileUpdateFromTheOtherModeAsAnUnknownDriver() {
        fixture.given(registered(DRIVER, Mode.SANDBOX, SVC_DRIVER_ID))
                .when(new UpdateDriverProfileCommand(DRIVER, Mode.PRODUCTION,
                        profile("Ana Souza", "ana@example.com", "+14155550123"), UPDATED_AT))
                .expectException(DriverNotFoundException.class)
                .expectNoEvents();
    }

    @Test
    void treatsAnUnchangedProfileUpdateFromTheOtherModeAsAnUnknownDriver() {
        fixture.given(registered(DRIVER, Mode.SANDBOX, SVC_DRIVER_ID))
                .when(new UpdateDriverProfileCommand(DRIVER, Mode.PRODUCTION, ANA, UPDATED_AT))
                .expectException(DriverNotFoundException.class)
                .expectNoEvents();
    }

    @Test
    void treatsADeactivationFromTheOtherModeAsAnUnknownDriver() {
        fixture.given(registered(DRIVER, Mode.PRODUCTION, SVC_DRIVER_ID))
                .when(new DeactivateDriverCommand(DRIVER, Mode.SANDBOX, DEACTIVATED_AT))
                .expectException(DriverNotFoundException.class)
                .expectNoEvents();
    }

    @Test
    void treatsAKycOutcomeFromTheOtherModeAsAnUnknownDriver() {
        fixture.given(registered(DRIVER, Mode.SANDBOX, SVC_DRIVER_ID))
                .when(kyc(DRIVER, Mode.PRODUCTION, KycOutcome.VERIFIED, null))
                .expectException(DriverNotFoundException.class)
                .expectNoEvents();
    }

    @Test
    void revealsNoStateOfAnInactiveDriverToTheOtherMode() {
        fixture.given(registered(DRIVER, Mode.SANDBOX, SVC_DRIVER_ID), deactivated(DRIVER, Mode.SANDBOX))
                .when(new DeactivateDriverCommand(DRIVER, Mode.PRODUCTION, LATER))
                .expectException(DriverNotFoundException.class)
                .expectNoEvents();
    }

    // helpers

    private static DriverProfile profile(String name, String email, String phone) {
        return new DriverProfile(name, new EmailAddress(email), new PhoneNumber(phone));
    }

    private static RegisterDriverCommand register(DriverId driverId, Mode mode, String svcDriverId) {
        return new RegisterDriverCommand(driverId, mode, svcDriverId, ANA, REGISTERED_AT);
    }

    private static DriverRegisteredEvent registered(DriverId driverId, Mode mode, String svcDriverId) {
        return new DriverRegisteredEvent(driverId, mode, svcDriverId, "Ana Silva", "ana@example.com",
                "+14155550123", REGISTERED_AT);
    }

    private static DriverKycVerifiedEvent verified(DriverId driverId, Mode mode) {
        return new DriverKycVerifiedEvent(driverId, mode, UPDATED_AT);
    }

    private static DriverDeactivatedEvent deactivated(DriverId driverId, Mode mode) {
        return new DriverDeactivatedEvent(driverId, mode, DEACTIVATED_AT);
    }

    private static RecordKycOutcomeCommand kyc(DriverId driverId, Mode mode, KycOutcome outcome, String reason) {
        return new RecordKycOutcomeCommand(driverId, mode, outcome, reason, DECIDED_AT);
    }

    /** Holds claims in memory with the same contract as the table: one holder per (mode, svcDriverId). */
    private static final class InMemorySvcDriverIdClaims implements SvcDriverIdClaims {

        private record Key(Mode mode, String svcDriverId) {
        }

        private final Map<Key, DriverId> holders = new HashMap<>();

        @Override
        public boolean claim(Mode mode, String svcDriverId, DriverId driverId) {
            return holders.putIfAbsent(new Key(mode, svcDriverId), driverId) == null;
        }

        DriverId holderOf(Mode mode, String svcDriverId) {
            return holders.get(new Key(mode, svcDriverId));
        }
    }
}
