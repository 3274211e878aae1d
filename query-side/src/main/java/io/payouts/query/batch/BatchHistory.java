package io.payouts.query.batch;

import io.payouts.query.consistency.DiscardedStreams;
import io.payouts.query.consistency.StoredStreams;
import io.payouts.shared.batch.BatchCreatedEvent;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.springframework.stereotype.Component;

import java.util.Optional;

/**
 * A batch as its stored events make it, folded by the projection's own rules ({@link BatchRow}), with the payouts it
 * was created with: how a read answers from the write when the read model does not show it yet (ADR-0018).
 */
@Component
class BatchHistory {

    private final EventStore eventStore;
    private final DiscardedStreams discarded;

    BatchHistory(EventStore eventStore, DiscardedStreams discarded) {
        this.eventStore = eventStore;
        this.discarded = discarded;
    }

    Optional<BatchRow> fold(String batchId) {
        return StoredStreams.fold(eventStore, discarded, batchId,
                (first, sequence) -> first instanceof BatchCreatedEvent created
                        ? Optional.of(BatchRow.created(created, sequence)) : Optional.empty(),
                (batch, event, sequence) -> batch.evolve(event, sequence));
    }
}
