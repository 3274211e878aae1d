package io.payouts.platform.readahead;

import io.payouts.platform.eventstore.JdbcStorageConfiguration;
import org.axonframework.common.stream.BlockingStream;
import org.axonframework.eventhandling.TrackedEventMessage;
import org.axonframework.eventhandling.TrackingToken;
import org.axonframework.messaging.StreamableMessageSource;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The event store as a processor's source, each stream read ahead by a thread of its own ({@link ReadAheadStream}), up
 * to about {@code capacity} events.
 * A tracking processor reads, deserializes and handles on one thread, so during a replay the database waits while
 * the processor reads and the processor waits while the database writes; read ahead, the two overlap.
 */
public class ReadAheadEvents implements StreamableMessageSource<TrackedEventMessage<?>> {

    /** The most events a chunk holds: a page of the JDBC storage engine, so a replay hands over a page at a time. */
    private static final int CHUNK_SIZE = JdbcStorageConfiguration.FETCH_SIZE;

    private final StreamableMessageSource<TrackedEventMessage<?>> store;
    private final int capacity;
    private final AtomicInteger streams = new AtomicInteger();

    public ReadAheadEvents(StreamableMessageSource<TrackedEventMessage<?>> store, int capacity) {
        this.store = store;
        this.capacity = capacity;
    }

    @Override
    public BlockingStream<TrackedEventMessage<?>> openStream(TrackingToken trackingToken) {
        return new ReadAheadStream(store.openStream(trackingToken), CHUNK_SIZE, Math.max(2, capacity / CHUNK_SIZE),
                "read-ahead-" + streams.incrementAndGet());
    }

    @Override
    public TrackingToken createTailToken() {
        return store.createTailToken();
    }

    @Override
    public TrackingToken createHeadToken() {
        return store.createHeadToken();
    }

    @Override
    public TrackingToken createTokenAt(Instant dateTime) {
        return store.createTokenAt(dateTime);
    }

    @Override
    public TrackingToken createTokenSince(Duration duration) {
        return store.createTokenSince(duration);
    }
}
