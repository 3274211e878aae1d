package io.payouts.service.platform.axon;

import org.axonframework.eventhandling.EventMessage;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The events of each processing group whose last batch failed as a whole. When a batch fails, PostgreSQL has aborted
 * its transaction, so no single event's failure can be told from the others' and none can be parked; the processor
 * retries the batch, and these events are then handled one at a time in savepoints ({@link PoisonEventIsolation}),
 * so that only the event that really fails is parked. In normal running the set is empty and costs nothing.
 */
class FailedBatches {

    private final ConcurrentHashMap<String, Set<String>> eventIds = new ConcurrentHashMap<>();

    void failed(String processingGroup, List<? extends EventMessage<?>> events) {
        Set<String> ids = eventIds.computeIfAbsent(processingGroup, group -> ConcurrentHashMap.newKeySet());
        events.forEach(event -> ids.add(event.getIdentifier()));
    }

    /** True once for an event of a failed batch: it is handled in isolation this time. */
    boolean takeForIsolation(String processingGroup, EventMessage<?> event) {
        Set<String> ids = eventIds.get(processingGroup);
        return ids != null && !ids.isEmpty() && ids.remove(event.getIdentifier());
    }
}
