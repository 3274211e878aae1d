package io.payouts.audit;

import org.axonframework.config.Configuration;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventhandling.GenericDomainEventEntry;
import org.axonframework.eventsourcing.EventStreamUtils;
import org.axonframework.eventsourcing.eventstore.DomainEventStream;
import org.axonframework.serialization.Serializer;
import org.springframework.beans.factory.ObjectProvider;
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
    private final ObjectProvider<Configuration> axon;

    /** @param axon Axon's configuration, whose upcaster chain the event store applies */
    StoredEventReader(@Qualifier("eventSerializer") Serializer serializer, ObjectProvider<Configuration> axon) {
        this.serializer = serializer;
        this.axon = axon;
    }

    DomainEventMessage<?> read(StoredEvent stored) {
        GenericDomainEventEntry<byte[]> entry = new GenericDomainEventEntry<>(stored.aggregateType(),
                stored.aggregateIdentifier(), stored.sequenceNumber(), stored.eventIdentifier(), stored.timeStamp(),
                stored.payloadType(), stored.payloadRevision(), stored.payload(), stored.metaData());
        DomainEventStream stream = EventStreamUtils.upcastAndDeserializeDomainEvents(Stream.of(entry), serializer,
                axon.getObject().upcasterChain());
        if (!stream.hasNext()) {
            throw new IllegalStateException("event " + stored.eventIdentifier() + " was upcast into nothing");
        }
        return stream.next();
    }
}
