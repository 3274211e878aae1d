package io.payouts.query.driver;

import io.payouts.query.consistency.ProjectionProgress;
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
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.Mockito.doAnswer;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

class DriverProjectionTest {

    private static final DriverId DRIVER = new DriverId("drv_" + "0".repeat(31) + "1");
    private static final DriverId UNKNOWN_DRIVER = new DriverId("drv_" + "0".repeat(31) + "2");

    private static final Instant REGISTERED_AT = Instant.parse("2025-01-15T09:00:00Z");
    private static final Instant UPDATED_AT = Instant.parse("2025-01-15T10:00:00Z");
    private static final Instant DECIDED_AT = Instant.parse("2025-01-15T11:00:00Z");
    private static final Instant DEACTIVATED_AT = Instant.parse("2025-01-15T12:00:00Z");
    private static final Instant LATER = Instant.parse("2025-01-16T09:00:00Z");

    private static final DriverRegisteredEvent REGISTERED = new DriverRegisteredEvent(DRIVER, Mode.SANDBOX,
            "fleet-42", "Ana Silva", "ana@example.com", "+14155550123", REGISTERED_AT);

    /** The table, as seen through the repository methods the projection uses. */
    private final Map<String, DriverView> rows = new HashMap<>();
    private DriverProjection projection;
    private ProjectionProgress progress;
    private final ExecutorService readers = Executors.newSingleThreadExecutor();

    @BeforeEach
    void setUp() {
        DriverViewRepository drivers = mock(DriverViewRepository.class);
        when(drivers.existsById(anyString())).thenAnswer(call -> rows.containsKey(call.<String>getArgument(0)));
        when(drivers.findById(anyString())).thenAnswer(call -> Optional.ofNullable(rows.get(call.<String>getArgument(0))));
        when(drivers.save(any(DriverView.class))).thenAnswer(call -> {
            DriverView row = call.getArgument(0);
            rows.put(row.id(), row);
            return row;
        });
        doAnswer(call -> {
            rows.clear();
            return null;
        }).when(drivers).deleteAllInBatch();
        progress = new ProjectionProgress();
        projection = new DriverProjection(drivers, progress);
    }

    @AfterEach
    void stopReaders() {
        readers.shutdownNow();
    }

    // registration

    @Test
    void registrationInsertsAnInvitedDriverWithPendingKycAtTheEventsSequenceNumber() {
        projection.on(REGISTERED, 0);

        DriverView row = row();
        assertThat(row.version()).isZero();
        assertThat(row.toSummary()).isEqualTo(new DriverSummary(DRIVER, "fleet-42", "Ana Silva", "ana@example.com",
                "+14155550123", DriverStatus.INVITED, KycStatus.PENDING, 0, 0, REGISTERED_AT, REGISTERED_AT));
    }

    @Test
    void registrationStoresTheEventsSequenceNumberAsVersion() {
        projection.on(REGISTERED, 7);

        assertThat(row().version()).isEqualTo(7);
    }

    @Test
    void redeliveredRegistrationLeavesTheExistingRowUnchanged() {
        projection.on(REGISTERED, 0);
        projection.on(new DriverProfileUpdatedEvent(DRIVER, Mode.SANDBOX, "Ana Costa", "ana.costa@example.com",
                "+14155550199", UPDATED_AT), 1);

        projection.on(REGISTERED, 0);

        assertThat(row().version()).isEqualTo(1);
        assertThat(row().toSummary().name()).isEqualTo("Ana Costa");
        assertThat(row().toSummary().updatedAt()).isEqualTo(UPDATED_AT);
    }

    // changes

    @Test
    void profileUpdateReplacesContactDetailsAndAdvancesTheVersion() {
        projection.on(REGISTERED, 0);

        projection.on(new DriverProfileUpdatedEvent(DRIVER, Mode.SANDBOX, "Ana Costa", "ana.costa@example.com",
                "+14155550199", UPDATED_AT), 1);

        assertThat(row().version()).isEqualTo(1);
        assertThat(row().toSummary()).isEqualTo(new DriverSummary(DRIVER, "fleet-42", "Ana Costa",
                "ana.costa@example.com", "+14155550199", DriverStatus.INVITED, KycStatus.PENDING, 0, 0,
                REGISTERED_AT, UPDATED_AT));
    }

    @Test
    void deactivationMarksTheDriverInactiveAndAdvancesTheVersion() {
        projection.on(REGISTERED, 0);

        projection.on(new DriverDeactivatedEvent(DRIVER, Mode.SANDBOX, DEACTIVATED_AT), 1);

        DriverSummary summary = row().toSummary();
        assertThat(row().version()).isEqualTo(1);
        assertThat(summary.status()).isEqualTo(DriverStatus.INACTIVE);
        assertThat(summary.kycStatus()).isEqualTo(KycStatus.PENDING);
        assertThat(summary.updatedAt()).isEqualTo(DEACTIVATED_AT);
        assertThat(summary.createdAt()).isEqualTo(REGISTERED_AT);
    }

    @Test
    void verifiedKycActivatesTheDriverAndAdvancesTheVersion() {
        projection.on(REGISTERED, 0);

        projection.on(new DriverKycVerifiedEvent(DRIVER, Mode.SANDBOX, DECIDED_AT), 1);

        DriverSummary summary = row().toSummary();
        assertThat(row().version()).isEqualTo(1);
        assertThat(summary.status()).isEqualTo(DriverStatus.ACTIVE);
        assertThat(summary.kycStatus()).isEqualTo(KycStatus.VERIFIED);
        assertThat(summary.updatedAt()).isEqualTo(DECIDED_AT);
    }

    @Test
    void rejectedKycRecordsTheRejectionKeepsTheDriverInvitedAndAdvancesTheVersion() {
        projection.on(REGISTERED, 0);

        projection.on(new DriverKycRejectedEvent(DRIVER, Mode.SANDBOX, "document unreadable", DECIDED_AT), 1);

        DriverSummary summary = row().toSummary();
        assertThat(row().version()).isEqualTo(1);
        assertThat(summary.status()).isEqualTo(DriverStatus.INVITED);
        assertThat(summary.kycStatus()).isEqualTo(KycStatus.REJECTED);
        assertThat(summary.updatedAt()).isEqualTo(DECIDED_AT);
    }

    @Test
    void appliesAHistoryInOrder() {
        projection.on(REGISTERED, 0);
        projection.on(new DriverKycRejectedEvent(DRIVER, Mode.SANDBOX, "document unreadable", DECIDED_AT), 1);
        projection.on(new DriverKycVerifiedEvent(DRIVER, Mode.SANDBOX, LATER), 2);
        projection.on(new DriverDeactivatedEvent(DRIVER, Mode.SANDBOX, LATER.plusSeconds(60)), 3);

        DriverSummary summary = row().toSummary();
        assertThat(row().version()).isEqualTo(3);
        assertThat(summary.status()).isEqualTo(DriverStatus.INACTIVE);
        assertThat(summary.kycStatus()).isEqualTo(KycStatus.VERIFIED);
        assertThat(summary.updatedAt()).isEqualTo(LATER.plusSeconds(60));
    }

    // idempotent replay

    @Test
    void ignoresAnEventWhoseSequenceNumberEqualsTheRowsVersion() {
        projection.on(REGISTERED, 0);
        projection.on(new DriverProfileUpdatedEvent(DRIVER, Mode.SANDBOX, "Ana Costa", "ana.costa@example.com",
                "+14155550199", UPDATED_AT), 1);
        DriverSummary before = row().toSummary();

        projection.on(new DriverDeactivatedEvent(DRIVER, Mode.SANDBOX, DEACTIVATED_AT), 1);

        assertThat(row().toSummary()).isEqualTo(before);
        assertThat(row().version()).isEqualTo(1);
    }

    @Test
    void ignoresAnEventOlderThanTheRowsVersion() {
        projection.on(REGISTERED, 0);
        projection.on(new DriverProfileUpdatedEvent(DRIVER, Mode.SANDBOX, "Ana Costa", "ana.costa@example.com",
                "+14155550199", UPDATED_AT), 1);
        projection.on(new DriverKycVerifiedEvent(DRIVER, Mode.SANDBOX, DECIDED_AT), 2);
        DriverSummary before = row().toSummary();

        projection.on(new DriverProfileUpdatedEvent(DRIVER, Mode.SANDBOX, "Someone Else", "else@example.com",
                "+14155550100", LATER), 1);
        projection.on(new DriverKycRejectedEvent(DRIVER, Mode.SANDBOX, "late duplicate", LATER), 1);

        assertThat(row().toSummary()).isEqualTo(before);
        assertThat(row().version()).isEqualTo(2);
    }

    // failures and reset

    @Test
    void failsLoudlyWhenAnUnknownDriverChanges() {
        assertThatThrownBy(() -> projection.on(new DriverKycVerifiedEvent(UNKNOWN_DRIVER, Mode.SANDBOX, DECIDED_AT), 1))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining(UNKNOWN_DRIVER.value());
        assertThat(rows).isEmpty();
    }

    @Test
    void resetClearsTheTable() {
        projection.on(REGISTERED, 0);

        projection.onReset();

        assertThat(rows).isEmpty();
    }

    // read-your-writes

    @Test
    void registrationAnnouncesItsSequenceSoAWaitingReaderWakes() throws Exception {
        CompletableFuture<Boolean> reader = readerWaitingFor(0);

        projection.on(REGISTERED, 0);

        assertThat(reader.get(5, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void appliedChangeAnnouncesItsSequenceSoAWaitingReaderWakes() throws Exception {
        projection.on(REGISTERED, 0);
        CompletableFuture<Boolean> reader = readerWaitingFor(1);

        projection.on(new DriverKycVerifiedEvent(DRIVER, Mode.SANDBOX, DECIDED_AT), 1);

        assertThat(reader.get(5, TimeUnit.SECONDS)).isTrue();
    }

    /**
     * A reader on another thread, registered before this returns, whose own look at the read model never satisfies
     * it: only the projection's announcement can release it before the timeout.
     */
    private CompletableFuture<Boolean> readerWaitingFor(long minVersion) throws Exception {
        CompletableFuture<Void> registered = new CompletableFuture<>();
        CompletableFuture<Boolean> reader = CompletableFuture.supplyAsync(() -> progress.await(DRIVER.value(),
                minVersion, () -> {
                    registered.complete(null);
                    return -1;
                }, Duration.ofMillis(500)), readers);
        registered.get(5, TimeUnit.SECONDS);
        return reader;
    }

    private DriverView row() {
        assertThat(rows).containsKey(DRIVER.value());
        return rows.get(DRIVER.value());
    }
}
