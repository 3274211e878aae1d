package io.payouts.platform.readahead;

import org.axonframework.common.stream.BlockingStream;
import org.axonframework.eventhandling.GenericEventMessage;
import org.axonframework.eventhandling.GenericTrackedEventMessage;
import org.axonframework.eventhandling.GlobalSequenceTrackingToken;
import org.axonframework.eventhandling.TrackedEventMessage;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

class ReadAheadStreamTest {

    private final Source source = new Source();

    @Test
    void handsTheEventsOverInTheirOrderAndAPeekTakesNone() throws InterruptedException {
        for (int position = 1; position <= 50; position++) {
            source.add(event(position));
        }
        try (ReadAheadStream stream = new ReadAheadStream(source, 8, 8, "read-ahead-test")) {
            assertThat(stream.hasNextAvailable(5, TimeUnit.SECONDS)).isTrue();
            assertThat(stream.peek()).map(ReadAheadStreamTest::position).contains(1L);
            List<Long> read = new ArrayList<>();
            while (read.size() < 50) {
                read.add(position(stream.nextAvailable()));
            }
            assertThat(read).isSorted().hasSize(50).startsWith(1L).endsWith(50L);
            assertThat(stream.hasNextAvailable()).isFalse();
            assertThat(stream.peek()).isEmpty();
        }
    }

    @Test
    void eventsTheStoreHadAtOnceReachTheConsumerTogether() throws InterruptedException {
        source.add(event(1));
        source.add(event(2));
        source.add(event(3));
        source.answerOneWaitOnly();
        try (ReadAheadStream stream = new ReadAheadStream(source, 500, 4, "read-ahead-test")) {
            assertThat(stream.hasNextAvailable(5, TimeUnit.SECONDS)).isTrue();
            List<Long> taken = new ArrayList<>();
            while (stream.peek().isPresent()) {
                taken.add(position(stream.nextAvailable()));
            }
            assertThat(taken).containsExactly(1L, 2L, 3L);
        }
    }

    @Test
    void deserializesAheadOfTheConsumer() throws InterruptedException {
        AtomicReference<String> deserializedOn = new AtomicReference<>();
        source.add(new GenericTrackedEventMessage<>(new GlobalSequenceTrackingToken(1),
                GenericEventMessage.asEventMessage("event 1")) {
            @Override
            public Object getPayload() {
                deserializedOn.compareAndSet(null, Thread.currentThread().getName());
                return super.getPayload();
            }
        });
        try (ReadAheadStream stream = new ReadAheadStream(source, 8, 8, "read-ahead-test")) {
            assertThat(stream.hasNextAvailable(5, TimeUnit.SECONDS)).isTrue();
            assertThat(deserializedOn.get()).isEqualTo("read-ahead-test");
        }
    }

    @Test
    void aFailureOfTheStoreReachesTheConsumerAfterTheEventsReadBeforeIt() throws InterruptedException {
        source.add(event(1));
        source.add(event(2));
        source.fail(new IllegalStateException("the database is out of reach"));
        try (ReadAheadStream stream = new ReadAheadStream(source, 8, 8, "read-ahead-test")) {
            assertThat(position(stream.nextAvailable())).isEqualTo(1);
            assertThat(position(stream.nextAvailable())).isEqualTo(2);
            assertThatThrownBy(() -> stream.hasNextAvailable(5, TimeUnit.SECONDS))
                    .hasMessage("the database is out of reach");
            assertThatThrownBy(stream::nextAvailable).hasMessage("the database is out of reach");
        }
    }

    @Test
    void anEventThatDoesNotDeserializeIsHandedOverForItsHandlerToMeet() throws InterruptedException {
        @SuppressWarnings("unchecked")
        TrackedEventMessage<Object> broken = mock(TrackedEventMessage.class);
        when(broken.getPayload()).thenThrow(new IllegalArgumentException("unknown payload type"));
        source.add(broken);
        source.add(event(2));
        try (ReadAheadStream stream = new ReadAheadStream(source, 8, 8, "read-ahead-test")) {
            assertThat(stream.nextAvailable()).isSameAs(broken);
            assertThat(position(stream.nextAvailable())).isEqualTo(2);
        }
    }

    @Test
    void closingStopsTheReaderWhichClosesTheStoresStreamEvenWithAFullQueue() {
        for (int position = 1; position <= 20; position++) {
            source.add(event(position));
        }
        ReadAheadStream stream = new ReadAheadStream(source, 1, 2, "read-ahead-test");
        await().atMost(Duration.ofSeconds(5)).until(() -> source.events.size() <= 17);
        stream.close();
        assertThat(source.closedOn.get()).isEqualTo("read-ahead-test");
    }

    @Test
    void passesOnThePayloadTypesTheConsumerSkips() {
        TrackedEventMessage<?> ignored = event(1);
        try (ReadAheadStream stream = new ReadAheadStream(source, 8, 8, "read-ahead-test")) {
            stream.skipMessagesWithPayloadTypeOf(ignored);
        }
        assertThat(source.skipped).containsExactly(ignored);
    }

    private static TrackedEventMessage<?> event(long position) {
        return new GenericTrackedEventMessage<>(new GlobalSequenceTrackingToken(position),
                GenericEventMessage.asEventMessage("event " + position));
    }

    private static long position(TrackedEventMessage<?> event) {
        return event.trackingToken().position().orElseThrow();
    }

    /**
     * The store's stream: the events added, then the failure set, if any. It records what it was told to skip and
     * the thread that closed it.
     */
    private static final class Source implements BlockingStream<TrackedEventMessage<?>> {

        private final LinkedBlockingQueue<TrackedEventMessage<?>> events = new LinkedBlockingQueue<>();
        private final AtomicReference<String> closedOn = new AtomicReference<>();
        private final List<TrackedEventMessage<?>> skipped = new ArrayList<>();
        private volatile RuntimeException failure;
        private volatile boolean oneWaitOnly;
        private volatile int waits;

        void add(TrackedEventMessage<?> event) {
            events.add(event);
        }

        /** After its first wait, a wait finds nothing: only events read without waiting come after the first. */
        void answerOneWaitOnly() {
            oneWaitOnly = true;
        }

        void fail(RuntimeException failure) {
            this.failure = failure;
        }

        @Override
        public Optional<TrackedEventMessage<?>> peek() {
            return Optional.ofNullable(events.peek());
        }

        @Override
        public boolean hasNextAvailable() {
            return !events.isEmpty();
        }

        @Override
        public boolean hasNextAvailable(int timeout, TimeUnit unit) throws InterruptedException {
            if (oneWaitOnly && waits++ > 0) {
                unit.sleep(Math.min(timeout, 10));
                return false;
            }
            if (events.isEmpty() && failure != null) {
                throw failure;
            }
            if (events.isEmpty()) {
                unit.sleep(Math.min(timeout, 10));
            }
            return !events.isEmpty();
        }

        @Override
        public TrackedEventMessage<?> nextAvailable() {
            return events.remove();
        }

        @Override
        public void skipMessagesWithPayloadTypeOf(TrackedEventMessage<?> ignoredMessage) {
            skipped.add(ignoredMessage);
        }

        @Override
        public void close() {
            closedOn.set(Thread.currentThread().getName());
        }
    }
}
