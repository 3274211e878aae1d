package io.payouts.command.driver;

import io.payouts.shared.driver.DriverDeactivatedEvent;
import io.payouts.shared.driver.DriverKycRejectedEvent;
import io.payouts.shared.driver.DriverKycVerifiedEvent;
import io.payouts.shared.driver.DriverProfileUpdatedEvent;
import io.payouts.shared.driver.DriverRegisteredEvent;
import io.payouts.shared.eventhandling.ProcessingGroups;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.springframework.stereotype.Component;

/**
 * Keeps {@link DriverStandings} in the unit of work of the driver's own command: a subscribing processor
 * ({@code application.yml}), so the standing changes in the same transaction as the events, and a failure to record
 * it fails the command. It is decision state of the command side, like the svcDriverId claims (ADR-0006), not a read
 * model: it never lags and is never rebuilt.
 */
@Component
@ProcessingGroup(ProcessingGroups.DRIVER_STANDING)
class DriverStandingRecorder {

    private final DriverStandings standings;

    DriverStandingRecorder(DriverStandings standings) {
        this.standings = standings;
    }

    @EventHandler
    void on(DriverRegisteredEvent event) {
        standings.registered(event.driverId(), event.mode(), event.name());
    }

    @EventHandler
    void on(DriverProfileUpdatedEvent event) {
        standings.renamed(event.driverId(), event.name());
    }

    @EventHandler
    void on(DriverKycVerifiedEvent event) {
        standings.kycVerified(event.driverId());
    }

    @EventHandler
    void on(DriverKycRejectedEvent event) {
        standings.kycRejected(event.driverId());
    }

    @EventHandler
    void on(DriverDeactivatedEvent event) {
        standings.deactivated(event.driverId());
    }
}
