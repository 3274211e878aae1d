package io.payouts.bank.rail;

import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.PayoutQueuedEvent;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventsourcing.eventstore.DomainEventStream;
import org.axonframework.eventsourcing.eventstore.EventStore;

import java.util.Optional;

/**
 * What a payout's own events say, for the one question a refusal leaves open after a crash: was this move already
 * made by the rail itself (then it is done), or does the payout stand elsewhere (then it is a problem)?
 */
class PayoutStreams {

    private final EventStore events;

    PayoutStreams(EventStore events) {
        this.events = events;
    }

    /** The payload of the payout's newest event. */
    Optional<Object> newest(PayoutId payoutId) {
        DomainEventMessage<?> last = null;
        DomainEventStream stream = events.readEvents(payoutId.value());
        while (stream.hasNext()) {
            last = stream.next();
        }
        return Optional.ofNullable(last).map(DomainEventMessage::getPayload);
    }

    /** The payout recorded, since {@code attempt} began, being queued in the file {@code messageId}. */
    boolean queuedIn(PayoutId payoutId, long attempt, String messageId) {
        DomainEventStream stream = events.readEvents(payoutId.value(), attempt);
        while (stream.hasNext()) {
            if (stream.next().getPayload() instanceof PayoutQueuedEvent queued
                    && messageId.equals(queued.railReference())) {
                return true;
            }
        }
        return false;
    }
}
