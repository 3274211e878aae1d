package io.payouts.platform.stream;

import org.axonframework.config.EventProcessingConfiguration;
import org.axonframework.eventhandling.EventMessage;
import org.axonframework.eventhandling.TrackedEventMessage;
import org.axonframework.eventhandling.TrackingToken;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.axonframework.serialization.Serializer;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.jdbc.core.JdbcTemplate;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The positions with the events in Axon Server (ADR-0029): PostgreSQL's event table is empty there, so the heads (of
 * the whole stream and of one aggregate's) come from the event store's API, and a processor's segments may run in
 * any instance, so its progress comes from the tokens every instance stores ({@link StoredTokens}). It asks nothing
 * that only Axon Server answers, so on PostgreSQL it runs the same path ({@code
 * payouts.event-stream.positions-across-instances}), which is how CI tests it.
 */
public final class AxonServerEventStreamPositions implements EventStreamPositions {

    /** Each look at the stored tokens is a query, so a waiting read looks less often. */
    private static final Duration POLL = Duration.ofMillis(10);

    private final EventStore eventStore;
    private final JdbcTemplate jdbc;
    private final StoredTokens tokens;
    private final LocalProcessors processors;

    /** @param tokenSerializer the serializer the token store writes tokens with */
    public AxonServerEventStreamPositions(EventStore eventStore, JdbcTemplate jdbc, Serializer tokenSerializer,
                                          ObjectProvider<EventProcessingConfiguration> processing) {
        this.eventStore = eventStore;
        this.jdbc = jdbc;
        this.tokens = new StoredTokens(jdbc, tokenSerializer);
        this.processors = new LocalProcessors(processing);
    }

    @Override
    public long head() {
        TrackingToken head = eventStore.createHeadToken();
        return head == null ? -1 : head.position().orElse(-1);
    }

    /** One call to the server a read. */
    @Override
    public long streamHead(String aggregateId, long headReadWithRow) {
        return eventStore.lastSequenceNumberFor(aggregateId).orElse(-1L);
    }

    /** A request to the server for each of up to 1,000 would cost more than the projection lag it could hide. */
    @Override
    public Map<String, Long> streamHeads(Collection<String> aggregateIds) {
        return Map.of();
    }

    /**
     * Axon Server numbers each event as it stores it, without gaps, so a tracked event's token holds its position.
     * Events in PostgreSQL's event table (this path on PostgreSQL) are read from it, as a gap-aware token does not say
     * which gap an event filled.
     */
    @Override
    public Map<String, Long> globalPositions(Collection<? extends EventMessage<?>> events) {
        Map<String, Long> positions = PostgresEventStreamPositions.storedPositions(jdbc, events);
        for (EventMessage<?> event : events) {
            if (!positions.containsKey(event.getIdentifier()) && event instanceof TrackedEventMessage<?> tracked) {
                tracked.trackingToken().position().ifPresent(position -> positions.put(event.getIdentifier(),
                        position));
            }
        }
        return positions;
    }

    /** Every segment of the processor, in whichever instance it runs, has passed {@code position}. */
    @Override
    public boolean passed(String processingGroup, long position) {
        return processors.live(processingGroup)
                .map(processor -> tokens.segments(processor.getName()).stream()
                        .allMatch(segment -> segment.reached(position)))
                .orElse(true);
    }

    @Override
    public Duration passedPollInterval() {
        return POLL;
    }

    /** Every streaming processor's stored segments; a processor that has stored none yet is behind. */
    @Override
    public List<String> behind(long position) {
        Set<String> names = processors.streaming().keySet();
        List<String> behind = new ArrayList<>();
        Set<String> stored = new TreeSet<>();
        for (StoredTokens.StoredSegment segment : tokens.segments()) {
            if (names.contains(segment.processor())) {
                stored.add(segment.processor());
                if (!segment.reached(position)) {
                    behind.add(segment.processor() + "[" + segment.segment() + "]");
                }
            }
        }
        names.stream().filter(name -> !stored.contains(name)).forEach(behind::add);
        return behind;
    }
}
