package io.payouts.query.batch;

import io.payouts.shared.batch.BatchCreatedEvent;
import io.payouts.shared.batch.BatchPayoutLine;
import io.payouts.shared.payout.PayoutId;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventsourcing.eventstore.DomainEventStream;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.springframework.stereotype.Component;

import java.util.List;
import java.util.Optional;

/**
 * A batch as its stored events make it, folded by the projection's own rules ({@link BatchView#evolve}), with the
 * payouts it was created with: how a read answers from the write when the read model does not show it yet (ADR-0018).
 */
@Component
class BatchHistory {

    private final EventStore eventStore;

    BatchHistory(EventStore eventStore) {
        this.eventStore = eventStore;
    }

    Optional<Folded> fold(String batchId) {
        DomainEventStream stream = eventStore.readEvents(batchId);
        if (!stream.hasNext()) {
            return Optional.empty();
        }
        DomainEventMessage<?> first = stream.next();
        if (!(first.getPayload() instanceof BatchCreatedEvent created)) {
            return Optional.empty();
        }
        BatchView batch = BatchView.created(created, first.getSequenceNumber());
        stream.forEachRemaining(event -> batch.evolve(event.getPayload(), event.getSequenceNumber()));
        return Optional.of(new Folded(batch, created.payouts().stream().map(BatchPayoutLine::payoutId).toList()));
    }

    /** The batch and the payouts it was created with, in its order. */
    record Folded(BatchView batch, List<PayoutId> payoutIds) {
    }
}
