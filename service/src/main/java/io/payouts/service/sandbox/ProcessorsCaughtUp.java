package io.payouts.service.sandbox;

import io.payouts.platform.eventstore.EventTables;
import io.payouts.query.consistency.StoredTokens;
import org.axonframework.config.EventProcessingConfiguration;
import org.axonframework.eventhandling.EventTrackerStatus;
import org.axonframework.eventhandling.GapAwareTrackingToken;
import org.axonframework.eventhandling.StreamingEventProcessor;
import org.axonframework.eventhandling.TrackingToken;
import org.axonframework.eventhandling.WrappedToken;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.axonframework.serialization.Serializer;
import org.springframework.jdbc.core.JdbcTemplate;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeSet;

/**
 * Waits until every streaming processor has handled every event stored so far, and its writes have committed: what a
 * reset needs before it deletes (ADR-0015), and what a seed waits for so that the lists show the world it planted.
 * With events in PostgreSQL (one instance) it reads this instance's processors, gaps included; with events in Axon
 * Server, where a processor may run in another instance, it reads the positions every instance stores in
 * {@code token_entry}.
 */
class ProcessorsCaughtUp {

    private static final Duration POLL = Duration.ofMillis(20);

    private final JdbcTemplate jdbc;
    private final EventProcessingConfiguration processors;
    private final EventStore eventStore;
    private final StoredTokens storedTokens;
    private final boolean fromStoredTokens;

    ProcessorsCaughtUp(JdbcTemplate jdbc, EventProcessingConfiguration processors, EventStore eventStore,
                       Serializer tokenSerializer, boolean fromStoredTokens) {
        this.jdbc = jdbc;
        this.processors = processors;
        this.eventStore = eventStore;
        this.storedTokens = new StoredTokens(jdbc, tokenSerializer);
        this.fromStoredTokens = fromStoredTokens;
    }

    long head() {
        if (!fromStoredTokens) {
            return jdbc.queryForObject("select coalesce(max(global_index), -1) from " + EventTables.EVENTS, Long.class);
        }
        TrackingToken head = eventStore.createHeadToken();
        return head == null ? -1 : head.position().orElse(-1);
    }

    /** @return the processors still behind {@code head} when {@code timeout} passed; empty once all caught up */
    List<String> awaitAt(long head, Duration timeout) {
        if (head < 0) {
            return List.of();
        }
        long deadline = System.nanoTime() + timeout.toNanos();
        List<String> behind = behind(head);
        while (!behind.isEmpty() && System.nanoTime() < deadline) {
            try {
                Thread.sleep(POLL.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return behind;
            }
            behind = behind(head);
        }
        return behind;
    }

    /**
     * The processors (or their segments) that have not yet handled every event up to {@code head}: their position
     * is short of it, or they still wait for an event below it that has committed since they passed it (a gap).
     * Axon moves a segment's status only once its batch has committed, so its read-model writes are in by then.
     */
    private List<String> behind(long head) {
        return fromStoredTokens ? behindByStoredTokens(head) : behindHere(head);
    }

    /** Every streaming processor's stored segments; a processor that has stored none yet is behind. */
    private List<String> behindByStoredTokens(long head) {
        Set<String> names = new TreeSet<>();
        processors.eventProcessors().forEach((name, processor) -> {
            if (processor instanceof StreamingEventProcessor) {
                names.add(name);
            }
        });
        List<String> behind = new ArrayList<>();
        Set<String> stored = new TreeSet<>();
        for (StoredTokens.StoredSegment segment : storedTokens.segments()) {
            if (names.contains(segment.processor())) {
                stored.add(segment.processor());
                if (!segment.reached(head)) {
                    behind.add(segment.processor() + "[" + segment.segment() + "]");
                }
            }
        }
        names.stream().filter(name -> !stored.contains(name)).forEach(behind::add);
        return behind;
    }

    private List<String> behindHere(long head) {
        List<String> behind = new ArrayList<>();
        Set<Long> gaps = new TreeSet<>();
        processors.eventProcessors().forEach((name, processor) -> {
            if (!(processor instanceof StreamingEventProcessor streaming)) {
                return;
            }
            Map<Integer, EventTrackerStatus> segments = streaming.processingStatus();
            if (segments.isEmpty()) {
                behind.add(name);
            }
            segments.forEach((segment, segmentStatus) -> {
                OptionalLong position = segmentStatus.getCurrentPosition();
                if (segmentStatus.isErrorState() || position.isEmpty() || position.getAsLong() < head) {
                    behind.add(name + "[" + segment + "]");
                }
                WrappedToken.unwrap(segmentStatus.getTrackingToken(), GapAwareTrackingToken.class)
                        .ifPresent(token -> gaps.addAll(token.getGaps().headSet(head + 1)));
            });
        });
        if (!gaps.isEmpty() && jdbc.queryForObject("select count(*) from " + EventTables.EVENTS
                + " where global_index in (" + String.join(",", gaps.stream().map(String::valueOf).toList()) + ")",
                Long.class) > 0) {
            behind.add("events committed late, below " + head);
        }
        return behind;
    }
}
