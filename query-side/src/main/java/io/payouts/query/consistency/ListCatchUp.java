package io.payouts.query.consistency;

import io.payouts.platform.eventstore.EventTables;
import org.axonframework.config.EventProcessingConfiguration;
import org.axonframework.eventhandling.EventTrackerStatus;
import org.axonframework.eventhandling.StreamingEventProcessor;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.time.Duration;
import java.util.Collection;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Lets a list show every write acknowledged before it was asked for (ADR-0018): before reading, it waits until the
 * processors that build the list have passed the newest event stored when the request arrived. The wait is bounded;
 * past the bound, and while a processor is stopped or rebuilding, the list answers as it is and lags by the
 * projection lag. A write whose transaction commits after a later one's (a gap the processor will fill) can still be
 * missed by that bound, which the README states. With events in PostgreSQL it reads the processors' positions in
 * this JVM; with events in Axon Server, where a segment may run in another instance, the positions every instance
 * stores ({@link AxonServerPositions}).
 */
@Component
public class ListCatchUp {

    private static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(2);
    /** Each look at the stored tokens is a query, so it looks less often. */
    private static final long STORED_TOKENS_POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(10);

    private final JdbcTemplate jdbc;
    private final ObjectProvider<EventProcessingConfiguration> processing;
    private final AxonServerPositions axonServer;
    private final Duration timeout;

    ListCatchUp(JdbcTemplate jdbc, ObjectProvider<EventProcessingConfiguration> processing,
                ObjectProvider<AxonServerPositions> axonServer,
                @Value("${payouts.lists.catch-up-timeout:2s}") Duration timeout) {
        this.jdbc = jdbc;
        this.processing = processing;
        this.axonServer = axonServer.getIfAvailable();
        this.timeout = timeout;
    }

    /** Waits until each of these processing groups has applied every event stored before this call. */
    public void await(String... processingGroups) {
        long head = head();
        if (head < 0) {
            return;
        }
        long deadline = System.nanoTime() + timeout.toNanos();
        long poll = axonServer == null ? POLL_NANOS : STORED_TOKENS_POLL_NANOS;
        for (String group : processingGroups) {
            while (!reached(group, head) && System.nanoTime() - deadline < 0) {
                LockSupport.parkNanos(poll);
            }
        }
    }

    private long head() {
        if (axonServer != null) {
            return axonServer.head();
        }
        Long head = jdbc.queryForObject("select max(global_index) from " + EventTables.EVENTS, Long.class);
        return head == null ? -1 : head;
    }

    private boolean reached(String processingGroup, long head) {
        EventProcessingConfiguration processors = processing.getIfAvailable();
        StreamingEventProcessor processor = processors == null ? null
                : processors.eventProcessor(processingGroup, StreamingEventProcessor.class).orElse(null);
        if (processor == null || !processor.isRunning() || processor.isError()) {
            return true;
        }
        if (axonServer != null) {
            return axonServer.reached(processor.getName(), head);
        }
        Collection<EventTrackerStatus> segments = processor.processingStatus().values();
        return segments.stream().allMatch(segment -> segment.isReplaying() || segment.isErrorState()
                || segment.getCurrentPosition().orElse(-1) >= head);
    }
}
