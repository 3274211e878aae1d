package io.payouts.query.consistency;

import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventsourcing.eventstore.DomainEventStream;
import org.axonframework.eventsourcing.eventstore.EventStore;

import java.util.Optional;

/**
 * Folds one aggregate's stored events, from its first (a snapshot would hide the events a read model folds), with
 * a projection's own rules: how a read answers from the write when the read model does not show it (ADR-0018).
 */
public final class StoredStreams {

    private StoredStreams() {
    }

    /** What the stream's first event starts; empty when it starts nothing this read model keeps. */
    @FunctionalInterface
    public interface Start<R> {
        Optional<R> from(Object firstEvent, long sequence);
    }

    @FunctionalInterface
    public interface Step<R> {
        R evolve(R folded, Object event, long sequence);
    }

    /** Folds by a read model's {@link StreamFold}. */
    public static <R> Optional<R> fold(EventStore eventStore, DiscardedStreams discarded, String aggregateId,
                                       StreamFold<R> fold) {
        return fold(eventStore, discarded, aggregateId, fold::start, fold::evolve);
    }

    public static <R> Optional<R> fold(EventStore eventStore, DiscardedStreams discarded, String aggregateId,
                                       Start<R> start, Step<R> step) {
        if (discarded.discarded(aggregateId)) {
            return Optional.empty();
        }
        DomainEventStream stream = eventStore.readEvents(aggregateId, 0);
        if (!stream.hasNext()) {
            return Optional.empty();
        }
        DomainEventMessage<?> first = stream.next();
        Optional<R> started = start.from(first.getPayload(), first.getSequenceNumber());
        if (started.isEmpty()) {
            return Optional.empty();
        }
        R folded = started.get();
        while (stream.hasNext()) {
            DomainEventMessage<?> event = stream.next();
            folded = step.evolve(folded, event.getPayload(), event.getSequenceNumber());
        }
        return Optional.of(folded);
    }
}
