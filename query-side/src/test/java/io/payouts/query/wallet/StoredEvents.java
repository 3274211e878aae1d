package io.payouts.query.wallet;

import io.payouts.shared.eventhandling.BatchedEventHandler.Collected;
import io.payouts.testsupport.ReadModelDatabase;
import org.axonframework.eventhandling.EventMessage;
import org.axonframework.eventhandling.GenericDomainEventMessage;

import java.util.HashMap;
import java.util.Map;

/**
 * Wallet and payout events stored as the command side stores them, so that the wallet projection finds each one's
 * global position in the event table, as it does in the service. An event is stored once: handing it over again is a
 * redelivery of the same stored event.
 */
final class StoredEvents {

    private final ReadModelDatabase database;
    private final Map<String, EventMessage<?>> stored = new HashMap<>();

    StoredEvents(ReadModelDatabase database) {
        this.database = database;
    }

    /** The stored message of the event at {@code sequence} of the aggregate's stream, stored now if it is not yet. */
    EventMessage<?> of(String aggregateId, long sequence, Object event) {
        return stored.computeIfAbsent(aggregateId + "@" + sequence, key -> {
            GenericDomainEventMessage<?> message = new GenericDomainEventMessage<>(
                    aggregateId.startsWith("wallet_") ? "Wallet" : "Payout", aggregateId, sequence, event);
            database.eventStore().publish(message);
            return message;
        });
    }

    /** The event as a projection collects it. */
    Collected collected(String aggregateId, long sequence, Object event) {
        return new Collected(aggregateId, of(aggregateId, sequence, event), sequence);
    }
}
