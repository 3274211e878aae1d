package io.payouts.query.driver;

import io.payouts.shared.Mode;
import io.payouts.shared.driver.DriverDeactivatedEvent;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.driver.DriverKycRejectedEvent;
import io.payouts.shared.driver.DriverKycVerifiedEvent;
import io.payouts.shared.driver.DriverProfileUpdatedEvent;
import io.payouts.shared.driver.DriverRegisteredEvent;
import io.payouts.shared.driver.DriverStatus;
import io.payouts.shared.driver.DriverSummary;
import io.payouts.shared.driver.KycStatus;
import org.junit.jupiter.api.Test;

import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The rules that fold a driver's stream into its row, shared by the projection and reads from the event store. */
class DriverRowTest {

    private static final DriverId DRIVER = new DriverId("drv_" + "0".repeat(31) + "1");

    private static final Instant REGISTERED_AT = Instant.parse("2025-01-15T09:00:00Z");
    private static final Instant UPDATED_AT = Instant.parse("2025-01-15T10:00:00Z");
    private static final Instant DECIDED_AT = Instant.parse("2025-01-15T11:00:00Z");
    private static final Instant DEACTIVATED_AT = Instant.parse("2025-01-15T12:00:00Z");
    private static final Instant LATER = Instant.parse("2025-01-16T09:00:00Z");

    private static final DriverRegisteredEvent REGISTERED = new DriverRegisteredEvent(DRIVER, Mode.SANDBOX,
            "fleet-42", "Ana Silva", "ana@example.com", "+14155550123", REGISTERED_AT);
    private static final DriverProfileUpdatedEvent UPDATED = new DriverProfileUpdatedEvent(DRIVER, Mode.SANDBOX,
            "Ana Costa", "ana.costa@example.com", "+14155550199", UPDATED_AT);

    @Test
    void registrationMakesAnInvitedDriverWithPendingKycAtTheEventsSequenceNumber() {
        DriverRow row = DriverRow.registered(REGISTERED, 4);

        assertThat(row.version()).isEqualTo(4);
        assertThat(row.mode()).isEqualTo(Mode.SANDBOX);
        assertThat(row.toSummary(DriverRow.Totals.NONE)).isEqualTo(new DriverSummary(DRIVER, "fleet-42",
                "Ana Silva", "ana@example.com", "+14155550123", DriverStatus.INVITED, KycStatus.PENDING, 0, 0,
                REGISTERED_AT, REGISTERED_AT));
    }

    @Test
    void theSummaryCarriesThePayoutTotalsItIsGiven() {
        DriverSummary summary = DriverRow.registered(REGISTERED, 0).toSummary(new DriverRow.Totals(12_500, 3));

        assertThat(summary.totalPaid()).isEqualTo(12_500);
        assertThat(summary.pendingPayouts()).isEqualTo(3);
    }

    @Test
    void aProfileUpdateReplacesTheContactDetailsAndKeepsTheStanding() {
        DriverRow updated = DriverRow.registered(REGISTERED, 0).evolve(UPDATED, 1);

        assertThat(updated.version()).isEqualTo(1);
        assertThat(updated.toSummary(DriverRow.Totals.NONE)).isEqualTo(new DriverSummary(DRIVER, "fleet-42",
                "Ana Costa", "ana.costa@example.com", "+14155550199", DriverStatus.INVITED, KycStatus.PENDING, 0, 0,
                REGISTERED_AT, UPDATED_AT));
    }

    @Test
    void deactivationMakesTheDriverInactiveAndKeepsItsKyc() {
        DriverRow deactivated = DriverRow.registered(REGISTERED, 0)
                .evolve(new DriverDeactivatedEvent(DRIVER, Mode.SANDBOX, DEACTIVATED_AT), 1);

        assertThat(deactivated.status()).isEqualTo(DriverStatus.INACTIVE);
        assertThat(deactivated.kycStatus()).isEqualTo(KycStatus.PENDING);
        assertThat(deactivated.updatedAt()).isEqualTo(DEACTIVATED_AT);
        assertThat(deactivated.createdAt()).isEqualTo(REGISTERED_AT);
        assertThat(deactivated.version()).isEqualTo(1);
    }

    @Test
    void verifiedKycActivatesTheDriver() {
        DriverRow verified = DriverRow.registered(REGISTERED, 0)
                .evolve(new DriverKycVerifiedEvent(DRIVER, Mode.SANDBOX, DECIDED_AT), 1);

        assertThat(verified.status()).isEqualTo(DriverStatus.ACTIVE);
        assertThat(verified.kycStatus()).isEqualTo(KycStatus.VERIFIED);
        assertThat(verified.updatedAt()).isEqualTo(DECIDED_AT);
    }

    @Test
    void rejectedKycKeepsTheDriverInvited() {
        DriverRow rejected = DriverRow.registered(REGISTERED, 0)
                .evolve(new DriverKycRejectedEvent(DRIVER, Mode.SANDBOX, "document unreadable", DECIDED_AT), 1);

        assertThat(rejected.status()).isEqualTo(DriverStatus.INVITED);
        assertThat(rejected.kycStatus()).isEqualTo(KycStatus.REJECTED);
        assertThat(rejected.updatedAt()).isEqualTo(DECIDED_AT);
    }

    @Test
    void foldsAHistoryInOrder() {
        DriverRow row = DriverRow.registered(REGISTERED, 0)
                .evolve(new DriverKycRejectedEvent(DRIVER, Mode.SANDBOX, "document unreadable", DECIDED_AT), 1)
                .evolve(new DriverKycVerifiedEvent(DRIVER, Mode.SANDBOX, LATER), 2)
                .evolve(new DriverDeactivatedEvent(DRIVER, Mode.SANDBOX, LATER.plusSeconds(60)), 3);

        assertThat(row.version()).isEqualTo(3);
        assertThat(row.status()).isEqualTo(DriverStatus.INACTIVE);
        assertThat(row.kycStatus()).isEqualTo(KycStatus.VERIFIED);
        assertThat(row.updatedAt()).isEqualTo(LATER.plusSeconds(60));
    }

    @Test
    void anEventOfAnotherStreamIsRefused() {
        DriverRow row = DriverRow.registered(REGISTERED, 0);

        assertThatThrownBy(() -> row.evolve("something else than a driver's event", 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("DriverEvent");
    }

    @Test
    void anEventAtTheRowsVersionChangesNothing() {
        DriverRow updated = DriverRow.registered(REGISTERED, 0).evolve(UPDATED, 1);

        assertThat(updated.evolve(new DriverDeactivatedEvent(DRIVER, Mode.SANDBOX, DEACTIVATED_AT), 1))
                .isSameAs(updated);
    }

    @Test
    void anEventBelowTheRowsVersionChangesNothing() {
        DriverRow verified = DriverRow.registered(REGISTERED, 0).evolve(UPDATED, 1)
                .evolve(new DriverKycVerifiedEvent(DRIVER, Mode.SANDBOX, DECIDED_AT), 2);

        DriverRow after = verified
                .evolve(new DriverProfileUpdatedEvent(DRIVER, Mode.SANDBOX, "Someone Else", "else@example.com",
                        "+14155550100", LATER), 1)
                .evolve(new DriverKycRejectedEvent(DRIVER, Mode.SANDBOX, "late duplicate", LATER), 0);

        assertThat(after).isEqualTo(verified);
    }
}
