package io.payouts.service.projection;

import io.payouts.shared.DomainException;
import io.payouts.shared.ErrorCode;
import io.payouts.webhook.delivery.WebhookIds;
import org.axonframework.config.EventProcessingConfiguration;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventhandling.EventMessage;
import org.axonframework.messaging.deadletter.Cause;
import org.axonframework.messaging.deadletter.DeadLetter;
import org.axonframework.messaging.deadletter.SequencedDeadLetterProcessor;
import org.axonframework.messaging.deadletter.SequencedDeadLetterQueue;
import org.springframework.stereotype.Component;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The events every processor parked in Axon's dead-letter queue (ADR-0016), for owners and admins: listed, retried
 * (the parked event's whole sequence, first event first, as the processor would have applied them) and evicted.
 */
@Component
class DeadLetters {

    static final String ID_PREFIX = "dlq_";

    private final EventProcessingConfiguration processing;

    DeadLetters(EventProcessingConfiguration processing) {
        this.processing = processing;
    }

    List<ParkedEvent> all() {
        List<ParkedEvent> parked = new ArrayList<>();
        queues().forEach((processor, queue) -> {
            for (Iterable<DeadLetter<? extends EventMessage<?>>> sequence : queue.deadLetters()) {
                int position = 0;
                String sequenceId = null;
                for (DeadLetter<? extends EventMessage<?>> letter : sequence) {
                    if (sequenceId == null) {
                        sequenceId = sequenceOf(letter);
                    }
                    parked.add(describe(processor, sequenceId, position++, letter));
                }
            }
        });
        return parked;
    }

    /**
     * Applies the parked event's sequence again, from its first event.
     *
     * @return the sequence's events still parked afterwards (none when all applied)
     */
    List<ParkedEvent> retry(String id) {
        Located located = locate(id);
        SequencedDeadLetterProcessor<EventMessage<?>> processor = processing
                .sequencedDeadLetterProcessor(located.processor()).orElseThrow(() -> new UnknownParkedEventException(id));
        processor.process(letter -> located.sequenceMessageIds().contains(letter.message().getIdentifier()));
        return all().stream().filter(parked -> parked.processor().equals(located.processor())
                && parked.sequence().equals(located.event().sequence())).toList();
    }

    /** Retries every processor's parked sequences once each; returns what is still parked. */
    List<ParkedEvent> retryAll() {
        queues().keySet().forEach(processor -> processing.sequencedDeadLetterProcessor(processor).ifPresent(letters -> {
            long sequences = processing.deadLetterQueue(processor).map(SequencedDeadLetterQueue::amountOfSequences)
                    .orElse(0L);
            for (long i = 0; i < sequences && letters.processAny(); i++) {
                // each call applies one sequence; a sequence that fails again stays parked and is not taken again
            }
        }));
        return all();
    }

    /** Drops the parked event for good: the processor will never apply it. */
    ParkedEvent evict(String id) {
        Located located = locate(id);
        SequencedDeadLetterQueue<EventMessage<?>> queue = queues().get(located.processor());
        queue.evict(located.letter());
        return located.event();
    }

    private Located locate(String id) {
        for (Map.Entry<String, SequencedDeadLetterQueue<EventMessage<?>>> entry : queues().entrySet()) {
            for (Iterable<DeadLetter<? extends EventMessage<?>>> sequence : entry.getValue().deadLetters()) {
                List<DeadLetter<? extends EventMessage<?>>> letters = new ArrayList<>();
                sequence.forEach(letters::add);
                String sequenceId = letters.isEmpty() ? null : sequenceOf(letters.get(0));
                for (int position = 0; position < letters.size(); position++) {
                    DeadLetter<? extends EventMessage<?>> letter = letters.get(position);
                    if (idOf(entry.getKey(), letter).equals(id)) {
                        Set<String> messageIds = letters.stream().map(each -> each.message().getIdentifier())
                                .collect(Collectors.toSet());
                        return new Located(entry.getKey(), letter, messageIds,
                                describe(entry.getKey(), sequenceId, position, letter));
                    }
                }
            }
        }
        throw new UnknownParkedEventException(id);
    }

    private Map<String, SequencedDeadLetterQueue<EventMessage<?>>> queues() {
        Map<String, SequencedDeadLetterQueue<EventMessage<?>>> queues = new TreeMap<>();
        processing.eventProcessors().keySet().forEach(name ->
                processing.deadLetterQueue(name).ifPresent(queue -> queues.put(name, queue)));
        return queues;
    }

    private static ParkedEvent describe(String processor, String sequence, int position,
                                        DeadLetter<? extends EventMessage<?>> letter) {
        EventMessage<?> message = letter.message();
        String aggregateId = message instanceof DomainEventMessage<?> domain ? domain.getAggregateIdentifier() : null;
        Long aggregateSequence = message instanceof DomainEventMessage<?> domain ? domain.getSequenceNumber() : null;
        return new ParkedEvent(idOf(processor, letter), processor, sequence, position,
                WebhookIds.eventId(message.getIdentifier()), message.getPayloadType().getSimpleName(), aggregateId,
                aggregateSequence, message.getTimestamp(), letter.enqueuedAt(), letter.lastTouched(),
                letter.cause().map(Cause::type).orElse(null),
                letter.cause().map(Cause::message).orElse(null));
    }

    private static String sequenceOf(DeadLetter<? extends EventMessage<?>> letter) {
        return letter.message() instanceof DomainEventMessage<?> domain ? domain.getAggregateIdentifier()
                : letter.message().getIdentifier();
    }

    private static String idOf(String processor, DeadLetter<? extends EventMessage<?>> letter) {
        return ID_PREFIX + WebhookIds.hash(processor + ":" + letter.message().getIdentifier());
    }

    private record Located(String processor, DeadLetter<? extends EventMessage<?>> letter,
                           Set<String> sequenceMessageIds, ParkedEvent event) {
    }

    static class UnknownParkedEventException extends DomainException {
        UnknownParkedEventException(String id) {
            super(ErrorCode.NOT_FOUND, "no parked event " + id);
        }
    }
}
