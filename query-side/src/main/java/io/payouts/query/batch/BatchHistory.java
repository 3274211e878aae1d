package io.payouts.query.batch;

import io.payouts.query.consistency.DiscardedStreams;
import io.payouts.query.consistency.StoredStreams;
import io.payouts.shared.batch.BatchCreatedEvent;
import io.payouts.shared.batch.BatchPayoutLine;
import io.payouts.shared.payout.PayoutId;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.springframework.stereotype.Component;

import java.util.List;
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

    Optional<Folded> fold(String batchId) {
        return StoredStreams.fold(eventStore, discarded, batchId,
                (first, sequence) -> first instanceof BatchCreatedEvent created
                        ? Optional.of(new Folded(BatchRow.created(created, sequence),
                        created.payouts().stream().map(BatchPayoutLine::payoutId).toList()))
                        : Optional.empty(),
                (folded, event, sequence) -> new Folded(folded.batch().evolve(event, sequence), folded.payoutIds()));
    }

    /** The batch and the payouts it was created with, in its order. */
    record Folded(BatchRow batch, List<PayoutId> payoutIds) {
    }
}
