package io.payouts.query.consistency;

import org.axonframework.eventhandling.TrackingToken;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.axonframework.serialization.Serializer;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Where the event stream stands and how far each processor got, when the events are in Axon Server (ADR-0029):
 * PostgreSQL's event table is empty there, so the heads (of the whole stream and of one aggregate's) come from the
 * server, and a processor's segments may run in any instance, so its progress comes from the tokens every instance
 * stores.
 */
@Component
@ConditionalOnProperty(name = "axon.axonserver.enabled", havingValue = "true")
public class AxonServerPositions {

    private final EventStore eventStore;
    private final StoredTokens tokens;

    AxonServerPositions(EventStore eventStore, JdbcTemplate jdbc, Serializer serializer) {
        this.eventStore = eventStore;
        this.tokens = new StoredTokens(jdbc, serializer);
    }

    /** The newest event's global index, -1 when there is none. */
    long head() {
        TrackingToken head = eventStore.createHeadToken();
        return head == null ? -1 : head.position().orElse(-1);
    }

    /** The newest sequence number of one aggregate's stream in the server, -1 when it has none. */
    long streamHead(String aggregateId) {
        return eventStore.lastSequenceNumberFor(aggregateId).orElse(-1L);
    }

    /** Every segment of the processor, in whichever instance it runs, has passed {@code head}. */
    boolean reached(String processingGroup, long head) {
        return tokens.segments(processingGroup).stream().allMatch(segment -> segment.reached(head));
    }
}
