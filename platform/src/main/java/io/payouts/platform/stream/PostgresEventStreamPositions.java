package io.payouts.platform.stream;

import org.axonframework.config.EventProcessingConfiguration;
import org.axonframework.eventhandling.EventMessage;
import org.axonframework.eventhandling.EventTrackerStatus;
import org.axonframework.eventhandling.GapAwareTrackingToken;
import org.axonframework.eventhandling.WrappedToken;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.jdbc.core.JdbcTemplate;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeSet;

/**
 * The positions with the events in PostgreSQL ({@code domain_event_entry}, ADR-0001): heads from the event table (an
 * indexed lookup, one query for any number of aggregates), and the processors' progress from this instance's
 * processors, gaps included, since every segment runs in the one instance that reads them.
 */
public final class PostgresEventStreamPositions implements EventStreamPositions {

    private static final Duration POLL = Duration.ofMillis(2);

    private final JdbcTemplate jdbc;
    private final LocalProcessors processors;

    public PostgresEventStreamPositions(JdbcTemplate jdbc, ObjectProvider<EventProcessingConfiguration> processing) {
        this.jdbc = jdbc;
        this.processors = new LocalProcessors(processing);
    }

    @Override
    public long head() {
        Long head = jdbc.queryForObject("select max(global_index) from domain_event_entry", Long.class);
        return head == null ? -1 : head;
    }

    @Override
    public long streamHead(String aggregateId, long headReadWithRow) {
        return headReadWithRow;
    }

    @Override
    public Map<String, Long> streamHeads(Collection<String> aggregateIds) {
        Map<String, Long> heads = new HashMap<>();
        if (!aggregateIds.isEmpty()) {
            jdbc.query("""
                            select aggregate_identifier, max(sequence_number) as head from domain_event_entry
                            where aggregate_identifier = any (?) group by aggregate_identifier""",
                    row -> {
                        heads.put(row.getString("aggregate_identifier"), row.getLong("head"));
                    }, (Object) aggregateIds.toArray(String[]::new));
        }
        return heads;
    }

    /** The events' rows, found by their unique identifiers: the index the row was inserted with. */
    @Override
    public Map<String, Long> globalPositions(Collection<? extends EventMessage<?>> events) {
        return storedPositions(jdbc, events);
    }

    static Map<String, Long> storedPositions(JdbcTemplate jdbc, Collection<? extends EventMessage<?>> events) {
        Map<String, Long> positions = new HashMap<>();
        if (!events.isEmpty()) {
            jdbc.query("select event_identifier, global_index from domain_event_entry where event_identifier = any (?)",
                    row -> {
                        positions.put(row.getString("event_identifier"), row.getLong("global_index"));
                    }, (Object) events.stream().map(EventMessage::getIdentifier).distinct().toArray(String[]::new));
        }
        return positions;
    }

    @Override
    public boolean passed(String processingGroup, long position) {
        return processors.live(processingGroup).map(processor -> processor.processingStatus().values().stream()
                .allMatch(segment -> segment.isReplaying() || segment.isErrorState()
                        || segment.getCurrentPosition().orElse(-1) >= position)).orElse(true);
    }

    @Override
    public Duration passedPollInterval() {
        return POLL;
    }

    /**
     * A segment is behind while its position is short of {@code position}, or while it still waits for an event
     * below it that has committed since it passed it (a gap). Axon moves a segment's status only once its batch has
     * committed, so its read-model writes are in by then.
     */
    @Override
    public List<String> behind(long position) {
        List<String> behind = new ArrayList<>();
        Set<Long> gaps = new TreeSet<>();
        processors.streaming().forEach((name, streaming) -> {
            Map<Integer, EventTrackerStatus> segments = streaming.processingStatus();
            if (segments.isEmpty()) {
                behind.add(name);
            }
            segments.forEach((segment, segmentStatus) -> {
                OptionalLong at = segmentStatus.getCurrentPosition();
                if (segmentStatus.isErrorState() || at.isEmpty() || at.getAsLong() < position) {
                    behind.add(name + "[" + segment + "]");
                }
                WrappedToken.unwrap(segmentStatus.getTrackingToken(), GapAwareTrackingToken.class)
                        .ifPresent(token -> gaps.addAll(token.getGaps().headSet(position + 1)));
            });
        });
        if (!gaps.isEmpty() && jdbc.queryForObject("select count(*) from domain_event_entry where global_index in ("
                + String.join(",", gaps.stream().map(String::valueOf).toList()) + ")", Long.class) > 0) {
            behind.add("events committed late, below " + position);
        }
        return behind;
    }
}
