package io.payouts.platform.readahead;

import org.axonframework.common.stream.BlockingStream;
import org.axonframework.eventhandling.TrackedEventMessage;

import java.util.Optional;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A stream read on a thread of its own up to {@code capacity} events ahead of its consumer, each event's payload and
 * metadata deserialized there. Only that thread reads the underlying stream, and it closes it; the consumer only
 * passes on which payload types it skips, which Axon Server then leaves out. A failure of the underlying stream
 * reaches the consumer once it has taken every event read before it, as the consumer would have met it reading
 * itself; an event that does not deserialize is handed over as it is, for its handler to meet.
 */
final class ReadAheadStream implements BlockingStream<TrackedEventMessage<?>> {

    private static final long POLL_MILLIS = 100;
    private static final long CLOSE_WAIT_MILLIS = 5_000;

    private final BlockingStream<TrackedEventMessage<?>> source;
    private final BlockingQueue<TrackedEventMessage<?>> ahead;
    private final Thread reader;
    private volatile boolean closed;
    private volatile Throwable failure;
    /** Taken from the queue by a look ahead and not consumed yet; only the consumer's thread touches it. */
    private TrackedEventMessage<?> held;

    ReadAheadStream(BlockingStream<TrackedEventMessage<?>> source, int capacity, String threadName) {
        this.source = source;
        this.ahead = new ArrayBlockingQueue<>(capacity);
        this.reader = new Thread(this::readAhead, threadName);
        reader.setDaemon(true);
        reader.start();
    }

    private void readAhead() {
        try {
            while (!closed) {
                if (source.hasNextAvailable((int) POLL_MILLIS, TimeUnit.MILLISECONDS)) {
                    TrackedEventMessage<?> next = source.nextAvailable();
                    deserialize(next);
                    while (!closed && !ahead.offer(next, POLL_MILLIS, TimeUnit.MILLISECONDS)) {
                        // the consumer is a full queue behind: wait for it, or for the stream to close
                    }
                }
            }
        } catch (InterruptedException interrupted) {
            failure = interrupted;
        } catch (RuntimeException | Error readFailure) {
            failure = readFailure;
        } finally {
            source.close();
        }
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
        if (held == null) {
            held = ahead.poll();
            if (held == null) {
                throwIfFailed();
            }
        }
        return Optional.ofNullable(held);
    }

    @Override
    public boolean hasNextAvailable(int timeout, TimeUnit unit) throws InterruptedException {
        if (held == null) {
            held = ahead.poll(timeout, unit);
            if (held == null) {
                throwIfFailed();
            }
        }
        return held != null;
    }

    @Override
    public TrackedEventMessage<?> nextAvailable() throws InterruptedException {
        while (held == null) {
            held = ahead.poll(POLL_MILLIS, TimeUnit.MILLISECONDS);
            if (held == null) {
                throwIfFailed();
            }
        }
        TrackedEventMessage<?> next = held;
        held = null;
        return next;
    }

    @Override
    public void skipMessagesWithPayloadTypeOf(TrackedEventMessage<?> ignoredMessage) {
        source.skipMessagesWithPayloadTypeOf(ignoredMessage);
    }

    /** The reader's failure once the queue holds nothing it read before failing. */
    private void throwIfFailed() {
        Throwable failed = failure;
        if (failed == null) {
            return;
        }
        held = ahead.poll();
        if (held != null) {
            return;
        }
        if (failed instanceof RuntimeException runtime) {
            throw runtime;
        }
        if (failed instanceof Error error) {
            throw error;
        }
        throw new IllegalStateException("reading the event stream ahead was interrupted", failed);
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
