package io.payouts.service.audit;

import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventhandling.GenericDomainEventEntry;
import org.axonframework.eventsourcing.eventstore.DomainEventStream;
import org.axonframework.eventsourcing.EventStreamUtils;
import org.axonframework.serialization.Serializer;
import org.axonframework.serialization.upcasting.event.EventUpcaster;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.stereotype.Component;

import java.util.stream.Stream;

/**
 * Turns stored rows into event messages the way the event store does: through the upcasters, then the event
 * serializer, so a reader of the audit log sees what the aggregates and projections see (an erased driver's personal
 * data erased, ADR-0026).
 */
@Component
class StoredEventReader {

    private final Serializer serializer;
    private final EventUpcaster upcaster;

    StoredEventReader(@Qualifier("eventSerializer") Serializer serializer, EventUpcaster auditUpcaster) {
        this.serializer = serializer;
        this.upcaster = auditUpcaster;
    }

    DomainEventMessage<?> read(StoredEvent stored) {
        GenericDomainEventEntry<byte[]> entry = new GenericDomainEventEntry<>(stored.aggregateType(),
                stored.aggregateIdentifier(), stored.sequenceNumber(), stored.eventIdentifier(), stored.timeStamp(),
                stored.payloadType(), stored.payloadRevision(), stored.payload(), stored.metaData());
        DomainEventStream stream = EventStreamUtils.upcastAndDeserializeDomainEvents(Stream.of(entry), serializer,
                upcaster);
        if (!stream.hasNext()) {
            throw new IllegalStateException("event " + stored.eventIdentifier() + " was upcast into nothing");
        }
        return stream.next();
    }
}
