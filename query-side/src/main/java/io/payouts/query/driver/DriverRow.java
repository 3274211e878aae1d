package io.payouts.query.driver;

import io.payouts.query.consistency.StreamFold;
import io.payouts.shared.Mode;
import io.payouts.shared.driver.DriverDeactivatedEvent;
import io.payouts.shared.driver.DriverEvent;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.driver.DriverKycRejectedEvent;
import io.payouts.shared.driver.DriverKycVerifiedEvent;
import io.payouts.shared.driver.DriverProfileUpdatedEvent;
import io.payouts.shared.driver.DriverRegisteredEvent;
import io.payouts.shared.driver.DriverStatus;
import io.payouts.shared.driver.DriverSummary;
import io.payouts.shared.driver.KycStatus;

import java.time.Instant;

/**
 * One driver as {@code driver_view} holds it, and the rules that fold the driver's stream into it: the projection and
 * a read from the stored events ({@link DriverHistory}) both use {@link #FOLD}. {@code version} is the last sequence
 * number of the driver's stream applied. Payout totals are not here: they are the payout projection's
 * ({@code driver_totals}) and join the row when it is read.
 */
record DriverRow(String id, Mode mode, String svcDriverId, String name, String email, String phone,
                 DriverStatus status, KycStatus kycStatus, Instant createdAt, Instant updatedAt, long version) {

    /** How a driver's stream folds into its row: the registration makes it, each later event changes it. */
    static final StreamFold<DriverRow> FOLD = StreamFold.of(DriverEvent.class, DriverRow::version)
            .starts(DriverRegisteredEvent.class, DriverRow::registered)
            .evolves(DriverProfileUpdatedEvent.class, DriverRow::updated)
            .evolves(DriverDeactivatedEvent.class, (row, deactivated, sequence) -> row.with(DriverStatus.INACTIVE,
                    row.kycStatus, deactivated.deactivatedAt(), sequence))
            .evolves(DriverKycVerifiedEvent.class, (row, verified, sequence) -> row.with(DriverStatus.ACTIVE,
                    KycStatus.VERIFIED, verified.verifiedAt(), sequence))
            .evolves(DriverKycRejectedEvent.class, (row, rejected, sequence) -> row.with(row.status,
                    KycStatus.REJECTED, rejected.rejectedAt(), sequence))
            .build();

    static DriverRow registered(DriverRegisteredEvent event, long sequence) {
        return new DriverRow(event.driverId().value(), event.mode(), event.svcDriverId(), event.name(), event.email(),
                event.phone(), DriverStatus.INVITED, KycStatus.PENDING, event.registeredAt(), event.registeredAt(),
                sequence);
    }

    /** This driver after one later event of its stream; one it has already applied changes nothing. */
    DriverRow evolve(Object event, long sequence) {
        return FOLD.evolve(this, event, sequence);
    }

    private DriverRow updated(DriverProfileUpdatedEvent updated, long sequence) {
        return new DriverRow(id, mode, svcDriverId, updated.name(), updated.email(), updated.phone(), status,
                kycStatus, createdAt, updated.updatedAt(), sequence);
    }

    DriverSummary toSummary(Totals totals) {
        return new DriverSummary(new DriverId(id), svcDriverId, name, email, phone, status, kycStatus,
                totals.totalPaid(), totals.pendingPayouts(), createdAt, updatedAt);
    }

    private DriverRow with(DriverStatus newStatus, KycStatus newKycStatus, Instant at, long sequence) {
        return new DriverRow(id, mode, svcDriverId, name, email, phone, newStatus, newKycStatus, createdAt, at,
                sequence);
    }

    /** A driver's payout totals, as the payout projection keeps them; none for a driver without payouts. */
    record Totals(long totalPaid, long pendingPayouts) {

        static final Totals NONE = new Totals(0, 0);
    }
}
