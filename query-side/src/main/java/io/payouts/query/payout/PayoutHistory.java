package io.payouts.query.payout;

import io.payouts.query.consistency.DiscardedStreams;
import io.payouts.query.consistency.StoredStreams;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.springframework.stereotype.Component;

import java.util.Optional;

/**
 * A payout as its stored events make it, folded by the projection's own rules ({@link PayoutRow}): how a read answers
 * from the write when the read model does not show it yet, or cannot (an event it parked), so that a payout the
 * service accepted is never reported as not found (ADR-0018).
 */
@Component
class PayoutHistory {

    private final EventStore eventStore;
    private final DiscardedStreams discarded;

    PayoutHistory(EventStore eventStore, DiscardedStreams discarded) {
        this.eventStore = eventStore;
        this.discarded = discarded;
    }

    Optional<PayoutRow> fold(String payoutId) {
        return StoredStreams.fold(eventStore, discarded, payoutId, PayoutRow.FOLD);
    }
}
