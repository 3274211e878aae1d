package io.payouts.service.sandbox;

import org.axonframework.config.EventProcessingConfiguration;
import org.axonframework.eventhandling.EventTrackerStatus;
import org.axonframework.eventhandling.GapAwareTrackingToken;
import org.axonframework.eventhandling.StreamingEventProcessor;
import org.axonframework.eventhandling.WrappedToken;
import org.springframework.jdbc.core.JdbcTemplate;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeSet;

/**
 * Waits until every streaming processor of this instance has handled every event stored so far, and its writes have
 * committed: what a reset needs before it deletes (ADR-0015), and what a seed waits for so that the lists show the
 * world it planted.
 */
class ProcessorsCaughtUp {

    private static final Duration POLL = Duration.ofMillis(20);

    private final JdbcTemplate jdbc;
    private final EventProcessingConfiguration processors;

    ProcessorsCaughtUp(JdbcTemplate jdbc, EventProcessingConfiguration processors) {
        this.jdbc = jdbc;
        this.processors = processors;
    }

    long head() {
        return jdbc.queryForObject("select coalesce(max(global_index), -1) from domain_event_entry", Long.class);
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
        if (!gaps.isEmpty() && jdbc.queryForObject("select count(*) from domain_event_entry where global_index in ("
                + String.join(",", gaps.stream().map(String::valueOf).toList()) + ")", Long.class) > 0) {
            behind.add("events committed late, below " + head);
        }
        return behind;
    }
}
