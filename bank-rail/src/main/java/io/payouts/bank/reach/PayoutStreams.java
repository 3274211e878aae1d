package io.payouts.bank.reach;

import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.PayoutQueuedEvent;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventsourcing.eventstore.DomainEventStream;
import org.axonframework.eventsourcing.eventstore.EventStore;

import java.util.Optional;

/**
 * What a payout's own events say, for the questions a refused move leaves open after a crash: did the rail itself
 * already queue this attempt (then the move is done, and the queued event's version is where the next one starts), or
 * does the payout stand elsewhere (then it is a problem)?
 */
public class PayoutStreams {

    private final EventStore events;

    public PayoutStreams(EventStore events) {
        this.events = events;
    }

    /** The payload of the payout's newest event. */
    public Optional<Object> newest(PayoutId payoutId) {
        DomainEventMessage<?> last = null;
        DomainEventStream stream = events.readEvents(payoutId.value());
        while (stream.hasNext()) {
            last = stream.next();
        }
        return Optional.ofNullable(last).map(DomainEventMessage::getPayload);
    }

    /**
     * The version at which the payout recorded, since {@code attempt} began, being queued under {@code reference} (the
     * bank file's message id, the provider's idempotency key).
     */
    public Optional<Long> queuedUnder(PayoutId payoutId, long attempt, String reference) {
        DomainEventStream stream = events.readEvents(payoutId.value(), attempt);
        while (stream.hasNext()) {
            DomainEventMessage<?> event = stream.next();
            if (event.getPayload() instanceof PayoutQueuedEvent queued && reference.equals(queued.railReference())) {
                return Optional.of(event.getSequenceNumber());
            }
        }
        return Optional.empty();
    }
}
