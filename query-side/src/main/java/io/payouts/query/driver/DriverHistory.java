package io.payouts.query.driver;

import io.payouts.query.consistency.DiscardedStreams;
import io.payouts.query.consistency.StoredStreams;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.springframework.stereotype.Component;

import java.util.Optional;

/**
 * A driver as its stored events make it, folded by the projection's own rules ({@link DriverRow}): how a read answers
 * from the write when the read model does not show it yet, or cannot (an event it parked), so that a driver the
 * service registered is never reported as not found (ADR-0018).
 */
@Component
class DriverHistory {

    private final EventStore eventStore;
    private final DiscardedStreams discarded;

    DriverHistory(EventStore eventStore, DiscardedStreams discarded) {
        this.eventStore = eventStore;
        this.discarded = discarded;
    }

    Optional<DriverRow> fold(String driverId) {
        return StoredStreams.fold(eventStore, discarded, driverId, DriverRow.FOLD);
    }
}
