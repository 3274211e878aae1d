package io.payouts.platform.readahead;

import org.axonframework.common.stream.BlockingStream;
import org.axonframework.eventhandling.TrackedEventMessage;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A stream read on a thread of its own ahead of its consumer, each event's payload and metadata deserialized there.
 * Events pass in chunks of what the store had at once (up to {@code chunkSize}), so a consumer at the head still
 * takes a commit's events in one batch. Only the reading thread reads the underlying stream, and it closes it; the
 * consumer only passes on which payload types it skips, which Axon Server then leaves out. A failure of the
 * underlying stream reaches the consumer once it has taken every event read before it, as the consumer would have
 * met it reading itself; an event that does not deserialize is handed over as it is, for its handler to meet.
 */
final class ReadAheadStream implements BlockingStream<TrackedEventMessage<?>> {

    private static final long POLL_MILLIS = 100;
    private static final long CLOSE_WAIT_MILLIS = 5_000;

    private final BlockingStream<TrackedEventMessage<?>> source;
    private final int chunkSize;
    private final BlockingQueue<List<TrackedEventMessage<?>>> ahead;
    private final Thread reader;
    private volatile boolean closed;
    private volatile Throwable failure;
    /** The chunk the consumer is taking events from, and the next one's index; only the consumer touches them. */
    private List<TrackedEventMessage<?>> chunk = List.of();
    private int next;

    ReadAheadStream(BlockingStream<TrackedEventMessage<?>> source, int chunkSize, int chunks, String threadName) {
        this.source = source;
        this.chunkSize = chunkSize;
        this.ahead = new ArrayBlockingQueue<>(chunks);
        this.reader = new Thread(this::readAhead, threadName);
        reader.setDaemon(true);
        reader.start();
    }

    private void readAhead() {
        List<TrackedEventMessage<?>> read = new ArrayList<>();
        try {
            while (!closed) {
                if (source.hasNextAvailable((int) POLL_MILLIS, TimeUnit.MILLISECONDS)) {
                    do {
                        TrackedEventMessage<?> event = source.nextAvailable();
                        deserialize(event);
                        read.add(event);
                    } while (read.size() < chunkSize && source.hasNextAvailable());
                    handOver(read);
                    read = new ArrayList<>();
                }
            }
        } catch (InterruptedException | RuntimeException | Error readFailure) {
            failAfter(read, readFailure);
        } finally {
            source.close();
        }
    }

    private void handOver(List<TrackedEventMessage<?>> read) throws InterruptedException {
        while (!closed && !ahead.offer(read, POLL_MILLIS, TimeUnit.MILLISECONDS)) {
            // the consumer is a full queue behind: wait for it, or for the stream to close
        }
    }

    private void failAfter(List<TrackedEventMessage<?>> read, Throwable cause) {
        try {
            if (!read.isEmpty()) {
                handOver(read);
            }
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
        failure = cause;
    }

    private static void deserialize(TrackedEventMessage<?> event) {
        try {
            event.getPayload();
            event.getMetaData();
        } catch (RuntimeException notDeserializable) {
            // left lazy: the handler meets the same failure where it is dealt with
        }
    }

    @Override
    public Optional<TrackedEventMessage<?>> peek() {
        try {
            return available(0, TimeUnit.MILLISECONDS) ? Optional.of(chunk.get(next)) : Optional.empty();
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }

    @Override
    public boolean hasNextAvailable(int timeout, TimeUnit unit) throws InterruptedException {
        return available(timeout, unit);
    }

    @Override
    public TrackedEventMessage<?> nextAvailable() throws InterruptedException {
        while (!available(POLL_MILLIS, TimeUnit.MILLISECONDS)) {
            // wait for the reader, which hands over an event or its failure
        }
        return chunk.get(next++);
    }

    /** Whether an event is there to take, waiting up to the timeout; the reader's failure once nothing is left. */
    private boolean available(long timeout, TimeUnit unit) throws InterruptedException {
        if (next < chunk.size()) {
            return true;
        }
        List<TrackedEventMessage<?>> taken = ahead.poll(timeout, unit);
        if (taken == null && failure != null) {
            taken = ahead.poll();
            if (taken == null) {
                throw rethrown(failure);
            }
        }
        if (taken == null) {
            return false;
        }
        chunk = taken;
        next = 0;
        return true;
    }

    private static RuntimeException rethrown(Throwable failed) {
        if (failed instanceof RuntimeException runtime) {
            return runtime;
        }
        if (failed instanceof Error error) {
            throw error;
        }
        return new IllegalStateException("reading the event stream ahead was interrupted", failed);
    }

    @Override
    public void skipMessagesWithPayloadTypeOf(TrackedEventMessage<?> ignoredMessage) {
        source.skipMessagesWithPayloadTypeOf(ignoredMessage);
    }

    @Override
    public void close() {
        closed = true;
        try {
            reader.join(CLOSE_WAIT_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
