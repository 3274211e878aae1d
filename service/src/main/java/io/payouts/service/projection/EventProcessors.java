package io.payouts.service.projection;

import io.payouts.shared.DomainException;
import io.payouts.shared.ErrorCode;
import io.payouts.shared.eventhandling.ProcessingGroups;
import org.axonframework.config.EventProcessingConfiguration;
import org.axonframework.eventhandling.EventProcessor;
import org.axonframework.eventhandling.EventTrackerStatus;
import org.axonframework.eventhandling.StreamingEventProcessor;
import org.axonframework.eventhandling.TrackingToken;
import org.axonframework.eventhandling.pooled.PooledStreamingEventProcessor;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.axonframework.messaging.deadletter.SequencedDeadLetterQueue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.TreeMap;

/**
 * The service's event processors, for the admin endpoints: their status, and rebuilding the ones that may replay. A
 * processor with side effects never replays: it would pay, settle, verify or notify again what it handled once.
 */
@Component
public class EventProcessors {

    private static final Logger log = LoggerFactory.getLogger(EventProcessors.class);
    private static final Duration WORKER_BOUND = Duration.ofSeconds(5);
    private static final Duration CLAIM_POLL = Duration.ofMillis(10);

    /** Why each processor that must not replay must not (ADR-0016); a saga or {@code @DisallowReplay} says it. */
    private static final Map<String, String> SIDE_EFFECTS = Map.of(
            ProcessingGroups.PAYOUT_RAIL, "it hands payouts to the rail: a replay would pay every payout again",
            ProcessingGroups.BATCH_PROGRESS,
            "it is the batch saga: a replay would start every batch's saga and release again",
            ProcessingGroups.BATCH_OUTCOMES,
            "it tells batches where their payouts went: a replay would send every outcome again",
            ProcessingGroups.SANDBOX_KYC_VERIFICATION,
            "it verifies new sandbox drivers: a replay would verify old ones again",
            ProcessingGroups.SANDBOX_TOP_UP_SETTLEMENT, "it settles sandbox top-ups: a replay would settle them again",
            ProcessingGroups.WEBHOOK_DELIVERIES,
            "it creates webhook deliveries: a replay would send events already delivered again");

    private final EventProcessingConfiguration processing;
    private final EventStore eventStore;

    EventProcessors(EventProcessingConfiguration processing, EventStore eventStore) {
        this.processing = processing;
        this.eventStore = eventStore;
    }

    public List<ProcessorStatus> statuses() {
        Long head = position(eventStore.createHeadToken()).orElse(null);
        return new TreeMap<>(processing.eventProcessors()).values().stream()
                .map(processor -> status(processor, head)).toList();
    }

    /**
     * Replays a processor from the first event: it stops, its token goes back to the start and its reset handlers
     * clear its read model. Whatever happens, the processor runs again afterwards. One rebuild at a time, each
     * returning once the processor works a segment again: a tracking processor's start claims its segments on a
     * thread of its own, and a shutdown before that thread had finished left the processor started with no worker,
     * its read model behind for good.
     */
    synchronized void rebuild(String name) {
        EventProcessor found = processing.eventProcessors().get(name);
        if (found == null) {
            throw new UnknownProcessorException(name);
        }
        if (!(found instanceof StreamingEventProcessor processor)) {
            throw new NotReplayableException(name, "it runs inside each command's unit of work and has no history "
                    + "of its own to replay");
        }
        if (!processor.supportsReset()) {
            throw new NotReplayableException(name, SIDE_EFFECTS.getOrDefault(name, "its handlers have side effects"));
        }
        try {
            processor.shutDown();
            processor.resetTokens();
        } catch (RuntimeException failure) {
            log.warn("Rebuilding {} failed; it runs on from where it was", name, failure);
            throw new RebuildFailedException(name, failure);
        } finally {
            processor.start();
            awaitAWorker(processor);
        }
    }

    /**
     * Whether this instance works every segment of the processor it holds, and each has replayed up to the position
     * its reset found and read to the head since: a replay on an idle stream stays a replay until a newer event
     * comes, so the replay's flag alone would not say it is over.
     */
    public boolean replayOverHere(String name) {
        if (!(processing.eventProcessors().get(name) instanceof StreamingEventProcessor processor)
                || !processor.isRunning()) {
            return false;
        }
        Collection<EventTrackerStatus> segments = processor.processingStatus().values();
        return !segments.isEmpty() && segments.stream().allMatch(segment -> !segment.isErrorState()
                && segment.isCaughtUp() && (!segment.isReplaying()
                || segment.getCurrentPosition().orElse(-1) >= segment.getResetPosition().orElse(0)));
    }

    /**
     * Until a worker has worked a segment (read up to a position, or found nothing to read): a segment's status is
     * there as soon as it is claimed, before its worker's thread runs, and a shutdown in between left the processor
     * with no worker. Bounded, since with several instances (ADR-0029) another one may hold every segment.
     */
    private static void awaitAWorker(StreamingEventProcessor processor) {
        long deadline = System.nanoTime() + WORKER_BOUND.toNanos();
        while (!working(processor) && System.nanoTime() < deadline) {
            try {
                Thread.sleep(CLAIM_POLL.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private static boolean working(StreamingEventProcessor processor) {
        return processor.processingStatus().values().stream()
                .anyMatch(status -> status.getCurrentPosition().isPresent() || status.isCaughtUp());
    }

    private ProcessorStatus status(EventProcessor processor, Long head) {
        long parked = processing.deadLetterQueue(processor.getName()).map(SequencedDeadLetterQueue::size).orElse(0L);
        if (!(processor instanceof StreamingEventProcessor streaming)) {
            return new ProcessorStatus(processor.getName(), "subscribing", processor.isRunning() ? "running" : "stopped",
                    false, null, head, null, null, parked, null);
        }
        Collection<EventTrackerStatus> segments = streaming.processingStatus().values();
        Long position = segments.stream().map(segment -> position(segment.getCurrentPosition()))
                .flatMap(Optional::stream).min(Long::compare).orElse(null);
        Optional<EventTrackerStatus> failing = segments.stream().filter(EventTrackerStatus::isErrorState).findFirst();
        boolean replaying = segments.stream().anyMatch(EventTrackerStatus::isReplaying);
        String status = !streaming.isRunning() ? "stopped" : failing.isPresent() ? "error"
                : replaying ? "replaying" : "running";
        return new ProcessorStatus(streaming.getName(),
                streaming instanceof PooledStreamingEventProcessor ? "pooled" : "tracking", status,
                streaming.supportsReset(), position, head,
                position == null || head == null ? null : Math.max(0, head - position),
                replaying ? replayProgress(segments) : null, parked,
                failing.map(segment -> String.valueOf(segment.getError())).orElse(null));
    }

    /** The slowest replaying segment's share of the way to where the replay ends. */
    private static Double replayProgress(Collection<EventTrackerStatus> segments) {
        return segments.stream().filter(EventTrackerStatus::isReplaying).map(segment -> {
            long end = segment.getResetPosition().orElse(0L);
            long at = segment.getCurrentPosition().orElse(0L);
            return end <= 0 ? 0.0 : Math.min(1.0, (double) at / end);
        }).min(Double::compare).orElse(null);
    }

    private static Optional<Long> position(TrackingToken token) {
        if (token == null) {
            return Optional.empty();
        }
        OptionalLong position = token.position();
        return position.isPresent() ? Optional.of(position.getAsLong()) : Optional.empty();
    }

    private static Optional<Long> position(OptionalLong position) {
        return position.isPresent() ? Optional.of(position.getAsLong()) : Optional.empty();
    }

    static class UnknownProcessorException extends DomainException {
        UnknownProcessorException(String name) {
            super(ErrorCode.NOT_FOUND, "no event processor named " + name);
        }
    }

    static class NotReplayableException extends DomainException {
        NotReplayableException(String name, String why) {
            super(ErrorCode.CONFLICT, name + " cannot be rebuilt: " + why, Map.of("name", why));
        }
    }

    static class RebuildFailedException extends DomainException {
        RebuildFailedException(String name, RuntimeException failure) {
            super(ErrorCode.CONFLICT, name + " could not be rebuilt (" + failure.getMessage()
                    + "); it runs on from where it was", Map.of("name", String.valueOf(failure.getMessage())));
        }
    }
}
