package io.payouts.service.operations;

import org.axonframework.common.stream.BlockingStream;
import org.axonframework.config.EventProcessingConfiguration;
import org.axonframework.eventhandling.EventTrackerStatus;
import org.axonframework.eventhandling.StreamingEventProcessor;
import org.axonframework.eventhandling.TrackedEventMessage;
import org.axonframework.eventhandling.TrackingToken;
import org.axonframework.eventhandling.WrappedToken;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;

/**
 * Reads every streaming event processor's position against the event store's head (ADR-0022). The head is one
 * indexed query; the age of the oldest unhandled event is read only for a processor that is behind.
 */
@Component
class EventProcessorStates {

    private static final Logger log = LoggerFactory.getLogger(EventProcessorStates.class);

    private final EventProcessingConfiguration processing;
    private final EventStore eventStore;
    private final Clock clock;

    EventProcessorStates(EventProcessingConfiguration processing, EventStore eventStore, Clock clock) {
        this.processing = processing;
        this.eventStore = eventStore;
        this.clock = clock;
    }

    /** Every streaming processor's state, by name. */
    List<ProcessorState> read() {
        TrackingToken headToken = eventStore.createHeadToken();
        long head = headToken == null ? -1 : headToken.position().orElse(-1);
        List<ProcessorState> states = new ArrayList<>();
        processing.eventProcessors().forEach((name, processor) -> {
            if (processor instanceof StreamingEventProcessor streaming) {
                states.add(stateOf(name, streaming, head));
            }
        });
        states.sort(Comparator.comparing(ProcessorState::name));
        return states;
    }

    /** The names of the streaming processors, known once Axon has built them. */
    List<String> names() {
        return processing.eventProcessors().entrySet().stream()
                .filter(entry -> entry.getValue() instanceof StreamingEventProcessor).map(Map.Entry::getKey)
                .sorted().toList();
    }

    private ProcessorState stateOf(String name, StreamingEventProcessor processor, long head) {
        Map<Integer, EventTrackerStatus> segments = processor.processingStatus();
        EventTrackerStatus slowest = segments.values().stream()
                .min(Comparator.comparingLong(status -> position(status.getCurrentPosition())))
                .orElse(null);
        long parked = processing.deadLetterQueue(name).map(queue -> queue.size()).orElse(0L);
        if (slowest == null || slowest.getCurrentPosition().isEmpty()) {
            return new ProcessorState(name, processor.isRunning(), false, 0, 0, parked, false, 1);
        }
        long lag = Math.max(0, head - slowest.getCurrentPosition().getAsLong());
        boolean replaying = segments.values().stream().anyMatch(EventTrackerStatus::isReplaying);
        return new ProcessorState(name, processor.isRunning(), true, lag,
                lag == 0 ? 0 : ageOfNextEvent(slowest.getTrackingToken()), parked, replaying,
                replaying ? replayProgress(segments) : 1);
    }

    /** Seconds since the first event after {@code token} was stored. */
    private double ageOfNextEvent(TrackingToken token) {
        // a replaying segment's token wraps the position it reads from
        TrackingToken position = WrappedToken.unwrapLowerBound(token);
        try (BlockingStream<TrackedEventMessage<?>> stream = eventStore.openStream(position)) {
            if (stream.hasNextAvailable(100, TimeUnit.MILLISECONDS)) {
                return Math.max(0, Duration.between(stream.nextAvailable().getTimestamp(), clock.instant()).toMillis())
                        / 1000.0;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            log.debug("Could not read the next event after {}: {}", token, e.toString());
        }
        return 0;
    }

    private static double replayProgress(Map<Integer, EventTrackerStatus> segments) {
        double done = 0;
        int replaying = 0;
        for (EventTrackerStatus status : segments.values()) {
            if (!status.isReplaying()) {
                continue;
            }
            replaying++;
            long target = position(status.getResetPosition());
            done += target <= 0 ? 1 : Math.min(1, (double) position(status.getCurrentPosition()) / target);
        }
        return replaying == 0 ? 1 : done / replaying;
    }

    private static long position(OptionalLong position) {
        return position.orElse(-1);
    }
}
