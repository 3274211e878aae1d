package io.payouts.query.driver;

import io.payouts.query.consistency.StreamVersioned;
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
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;

/** Read model row of one driver. {@code version} is the last applied sequence number of the driver's stream. */
@Entity
@Table(name = "driver_view")
class DriverView implements StreamVersioned {

    @Id
    private String id;
    @Enumerated(EnumType.STRING)
    private Mode mode;
    @Column(name = "svc_driver_id")
    private String svcDriverId;
    private String name;
    private String email;
    private String phone;
    @Enumerated(EnumType.STRING)
    private DriverStatus status;
    @Enumerated(EnumType.STRING)
    @Column(name = "kyc_status")
    private KycStatus kycStatus;
    /*
     * The payout totals belong to DriverTotalsProjection, which changes them with targeted UPDATE statements.
     * Not updatable here, so saving this entity (with whatever totals it loaded) never writes over them.
     */
    @Column(name = "total_paid", updatable = false)
    private long totalPaid;
    @Column(name = "pending_payouts", updatable = false)
    private long pendingPayouts;
    @Column(name = "created_at")
    private Instant createdAt;
    @Column(name = "updated_at")
    private Instant updatedAt;
    private long version;

    protected DriverView() {
        // for JPA
    }

    DriverView(String id, Mode mode, String svcDriverId, String name, String email, String phone,
               Instant createdAt, long version) {
        this.id = id;
        this.mode = mode;
        this.svcDriverId = svcDriverId;
        this.name = name;
        this.email = email;
        this.phone = phone;
        this.status = DriverStatus.INVITED;
        this.kycStatus = KycStatus.PENDING;
        this.createdAt = createdAt;
        this.updatedAt = createdAt;
        this.version = version;
    }

    static DriverView registered(DriverRegisteredEvent event, long sequence) {
        return new DriverView(event.driverId().value(), event.mode(), event.svcDriverId(), event.name(),
                event.email(), event.phone(), event.registeredAt(), sequence);
    }

    /**
     * Applies one later event of the driver's stream; the projection and a read from the stored events
     * ({@link DriverHistory}) both go through here, so they cannot disagree.
     */
    void evolve(Object event, long sequence) {
        if (event instanceof DriverProfileUpdatedEvent updated) {
            updateProfile(updated.name(), updated.email(), updated.phone(), updated.updatedAt(), sequence);
        } else if (event instanceof DriverDeactivatedEvent deactivated) {
            deactivate(deactivated.deactivatedAt(), sequence);
        } else if (event instanceof DriverKycVerifiedEvent verified) {
            verifyKyc(verified.verifiedAt(), sequence);
        } else if (event instanceof DriverKycRejectedEvent rejected) {
            rejectKyc(rejected.rejectedAt(), sequence);
        }
    }

    /** True when this row already reflects the event with {@code sequence}: a replayed event changes nothing. */
    @Override
    public boolean hasApplied(long sequence) {
        return sequence <= version;
    }

    private void updateProfile(String name, String email, String phone, Instant at, long sequence) {
        this.name = name;
        this.email = email;
        this.phone = phone;
        touch(at, sequence);
    }

    private void deactivate(Instant at, long sequence) {
        this.status = DriverStatus.INACTIVE;
        touch(at, sequence);
    }

    private void verifyKyc(Instant at, long sequence) {
        this.kycStatus = KycStatus.VERIFIED;
        this.status = DriverStatus.ACTIVE;
        touch(at, sequence);
    }

    private void rejectKyc(Instant at, long sequence) {
        this.kycStatus = KycStatus.REJECTED;
        touch(at, sequence);
    }

    private void touch(Instant at, long sequence) {
        this.updatedAt = at;
        this.version = sequence;
    }

    String id() {
        return id;
    }

    long version() {
        return version;
    }

    Mode mode() {
        return mode;
    }

    DriverSummary toSummary() {
        return new DriverSummary(new DriverId(id), svcDriverId, name, email, phone, status, kycStatus, totalPaid,
                pendingPayouts, createdAt, updatedAt);
    }
}
