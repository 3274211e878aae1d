package io.payouts.query.payout;

import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventsourcing.eventstore.DomainEventStream;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.springframework.stereotype.Component;

import java.util.Optional;

/**
 * A payout as its stored events make it, folded by the projection's own rules ({@link PayoutView#evolve}): how a read
 * answers from the write when the read model does not show it yet, or cannot (an event it parked), so that a payout
 * the service accepted is never reported as not found (issue #11).
 */
@Component
class PayoutHistory {

    private final EventStore eventStore;

    PayoutHistory(EventStore eventStore) {
        this.eventStore = eventStore;
    }

    Optional<PayoutView> fold(String payoutId) {
        DomainEventStream stream = eventStore.readEvents(payoutId);
        if (!stream.hasNext()) {
            return Optional.empty();
        }
        DomainEventMessage<?> first = stream.next();
        Optional<PayoutView> payout = PayoutView.started(first.getPayload(), first.getSequenceNumber());
        payout.ifPresent(view -> stream.forEachRemaining(event ->
                view.evolve(event.getPayload(), event.getSequenceNumber())));
        return payout;
    }
}
