package io.payouts.query.driver;

import io.payouts.shared.driver.DriverRegisteredEvent;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventsourcing.eventstore.DomainEventStream;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.springframework.stereotype.Component;

import java.util.Optional;

/**
 * A driver as its stored events make it, folded by the projection's own rules ({@link DriverRow}): how a read answers
 * from the write when the read model does not show it yet, or cannot (an event it parked), so that a driver the
 * service registered is never reported as not found (issue #11, ADR-0018).
 */
@Component
class DriverHistory {

    private final EventStore eventStore;

    DriverHistory(EventStore eventStore) {
        this.eventStore = eventStore;
    }

    Optional<DriverRow> fold(String driverId) {
        DomainEventStream stream = eventStore.readEvents(driverId, 0);
        if (!stream.hasNext()) {
            return Optional.empty();
        }
        DomainEventMessage<?> first = stream.next();
        if (!(first.getPayload() instanceof DriverRegisteredEvent registered)) {
            return Optional.empty();
        }
        DriverRow driver = DriverRow.registered(registered, first.getSequenceNumber());
        while (stream.hasNext()) {
            DomainEventMessage<?> event = stream.next();
            driver = driver.evolve(event.getPayload(), event.getSequenceNumber());
        }
        return Optional.of(driver);
    }
}
