package io.payouts.query.driver;

import io.payouts.shared.driver.DriverRegisteredEvent;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventsourcing.eventstore.DomainEventStream;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.springframework.stereotype.Component;

import java.util.Optional;

/**
 * A driver as its stored events make it, folded by the projection's own rules ({@link DriverView#evolve}): how a read
 * answers from the write when the read model does not show it yet, or cannot (an event it parked), so that a driver
 * the service registered is never reported as not found (issue #11). Payout totals are not in the driver's own
 * stream, so a driver read this way shows none.
 */
@Component
class DriverHistory {

    private final EventStore eventStore;

    DriverHistory(EventStore eventStore) {
        this.eventStore = eventStore;
    }

    Optional<DriverView> fold(String driverId) {
        DomainEventStream stream = eventStore.readEvents(driverId);
        if (!stream.hasNext()) {
            return Optional.empty();
        }
        DomainEventMessage<?> first = stream.next();
        if (!(first.getPayload() instanceof DriverRegisteredEvent registered)) {
            return Optional.empty();
        }
        DriverView driver = DriverView.registered(registered, first.getSequenceNumber());
        stream.forEachRemaining(event -> driver.evolve(event.getPayload(), event.getSequenceNumber()));
        return Optional.of(driver);
    }
}
