package io.payouts.platform.stream;

import org.axonframework.eventhandling.EventMessage;

import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * Where the event stream stands and how far the processors got: the one answer to "where is the head",
 * "where is this aggregate's head" and "have the processors caught up". One adapter per event store, chosen once by
 * configuration ({@link EventStreamConfiguration}): {@link PostgresEventStreamPositions} reads PostgreSQL's event
 * table and this instance's processors; {@link AxonServerEventStreamPositions} asks the event store and reads the
 * tokens every instance stores, since with Axon Server the event table is empty and a processor's segments may run
 * in another instance (ADR-0029).
 */
public interface EventStreamPositions {

    /** The newest event's global position; -1 when the stream is empty. */
    long head();

    /**
     * The newest sequence number of one aggregate's stream; -1 when it has none.
     *
     * @param headReadWithRow that head as read from PostgreSQL's event table together with a read-model row (one
     *                        query for both), which the PostgreSQL adapter answers with
     */
    long streamHead(String aggregateId, long headReadWithRow);

    /**
     * The heads of many aggregates' streams at once; an aggregate is absent when it has none, and all are when the
     * event store cannot answer for many in one request (Axon Server): its read-model rows then count as current.
     */
    Map<String, Long> streamHeads(Collection<String> aggregateIds);

    /**
     * Each of these events' own global position, by event identifier; one the event store does not hold is absent.
     * A read model that must not depend on the order its processor met events in orders by it. A tracked event's
     * token does not always tell it: PostgreSQL's gap-aware token stays at the highest position met when an event
     * committed late fills a gap below it.
     */
    Map<String, Long> globalPositions(Collection<? extends EventMessage<?>> events);

    /**
     * Whether this processing group has passed {@code position} in live processing, for a read that waits for it
     * (ADR-0018): a processor that is not running here, failed, or replays counts as passed, so the read answers as
     * it is rather than wait for a rebuild.
     */
    boolean passed(String processingGroup, long position);

    /** How often {@link #passed} is asked again while a read waits; a look at stored tokens is a query. */
    Duration passedPollInterval();

    /**
     * The streaming processors (or their segments) that have not yet handled and committed every event up to
     * {@code position}, gaps included (ADR-0015): what a sandbox reset waits for before it deletes, and a seed
     * before it answers. Empty once all caught up.
     */
    List<String> behind(long position);

    /**
     * Waits until every streaming processor has caught up with {@code position}.
     *
     * @return the processors still behind when {@code timeout} passed; empty once all caught up
     */
    default List<String> awaitCaughtUp(long position, Duration timeout) {
        if (position < 0) {
            return List.of();
        }
        long deadline = System.nanoTime() + timeout.toNanos();
        List<String> behind = behind(position);
        while (!behind.isEmpty() && System.nanoTime() < deadline) {
            try {
                Thread.sleep(CAUGHT_UP_POLL.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return behind;
            }
            behind = behind(position);
        }
        return behind;
    }

    /** How often {@link #awaitCaughtUp} looks again. */
    Duration CAUGHT_UP_POLL = Duration.ofMillis(20);
}
