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
import java.util.Comparator;
import java.util.concurrent.TimeUnit;

/**
 * A processor's lag in time (ADR-0022): how long ago the oldest event it has not handled was stored, read from the
 * event store at its slowest segment's token. Only asked of a processor that is behind.
 */
@Component
class NextEventAge {

    private static final Logger log = LoggerFactory.getLogger(NextEventAge.class);

    private final EventProcessingConfiguration processing;
    private final EventStore eventStore;
    private final Clock clock;

    NextEventAge(EventProcessingConfiguration processing, EventStore eventStore, Clock clock) {
        this.processing = processing;
        this.eventStore = eventStore;
        this.clock = clock;
    }

    /** Seconds since the first event after the processor's position was stored; 0 when there is none. */
    double secondsBehind(String processorName) {
        TrackingToken slowest = processing.eventProcessor(processorName, StreamingEventProcessor.class)
                .flatMap(processor -> processor.processingStatus().values().stream()
                        .filter(status -> status.getTrackingToken() != null)
                        .min(Comparator.comparingLong(status -> status.getCurrentPosition().orElse(-1)))
                        .map(EventTrackerStatus::getTrackingToken))
                .orElse(null);
        if (slowest == null) {
            return 0;
        }
        // a replaying segment's token wraps the position it reads from
        TrackingToken position = WrappedToken.unwrapLowerBound(slowest);
        try (BlockingStream<TrackedEventMessage<?>> stream = eventStore.openStream(position)) {
            if (stream.hasNextAvailable(100, TimeUnit.MILLISECONDS)) {
                return Math.max(0, Duration.between(stream.nextAvailable().getTimestamp(), clock.instant()).toMillis())
                        / 1000.0;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            log.debug("Could not read the event after {}'s position: {}", processorName, e.toString());
        }
        return 0;
    }
}
