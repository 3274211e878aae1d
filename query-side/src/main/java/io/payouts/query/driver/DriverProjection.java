package io.payouts.query.driver;

import io.payouts.query.consistency.ProjectionProgress;
import io.payouts.query.consistency.VersionedRows;
import io.payouts.shared.driver.DriverDeactivatedEvent;
import io.payouts.shared.driver.DriverKycRejectedEvent;
import io.payouts.shared.driver.DriverKycVerifiedEvent;
import io.payouts.shared.driver.DriverProfileUpdatedEvent;
import io.payouts.shared.driver.DriverRegisteredEvent;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.ResetHandler;
import org.axonframework.eventhandling.SequenceNumber;
import org.springframework.stereotype.Component;


/**
 * Keeps {@code driver_view} in step with the drivers' streams. Idempotent: each row remembers the last sequence
 * number it applied, so an event delivered again after a crash changes nothing.
 */
@Component
@ProcessingGroup(DriverProjection.PROCESSING_GROUP)
class DriverProjection {

    static final String PROCESSING_GROUP = "driver-projection";

    private final DriverViewRepository drivers;
    private final ProjectionProgress progress;
    private final VersionedRows<DriverView> rows;

    DriverProjection(DriverViewRepository drivers, ProjectionProgress progress) {
        this.drivers = drivers;
        this.progress = progress;
        this.rows = new VersionedRows<>(drivers, progress, "driver");
    }

    @EventHandler
    void on(DriverRegisteredEvent event, @SequenceNumber long sequence) {
        String id = event.driverId().value();
        if (!drivers.existsById(id)) {
            drivers.save(DriverView.registered(event, sequence));
        }
        progress.announceAfterCommit(id, sequence);
    }

    @EventHandler
    void on(DriverProfileUpdatedEvent event, @SequenceNumber long sequence) {
        evolve(event.driverId().value(), event, sequence);
    }

    @EventHandler
    void on(DriverDeactivatedEvent event, @SequenceNumber long sequence) {
        evolve(event.driverId().value(), event, sequence);
    }

    @EventHandler
    void on(DriverKycVerifiedEvent event, @SequenceNumber long sequence) {
        evolve(event.driverId().value(), event, sequence);
    }

    @EventHandler
    void on(DriverKycRejectedEvent event, @SequenceNumber long sequence) {
        evolve(event.driverId().value(), event, sequence);
    }

    private void evolve(String driverId, Object event, long sequence) {
        rows.apply(driverId, sequence, driver -> driver.evolve(event, sequence));
    }

    @ResetHandler
    void onReset() {
        drivers.deleteAllInBatch();
    }
}
