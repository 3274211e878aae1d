package io.payouts.query.bankaccount;

import io.payouts.query.consistency.DiscardedStreams;
import io.payouts.query.consistency.StoredStreams;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.springframework.stereotype.Component;

import java.util.Optional;

/**
 * A driver's bank account as the driver's stored events make it, folded by the projection's own rules
 * ({@link BankAccountRow}): how a read answers when the read model is behind a write, so a GET right after a PUT
 * shows the account (ADR-0018). It starts at the registration, so it also tells a driver without an account from
 * one that does not exist.
 */
@Component
class BankAccountHistory {

    private final EventStore eventStore;
    private final DiscardedStreams discarded;

    BankAccountHistory(EventStore eventStore, DiscardedStreams discarded) {
        this.eventStore = eventStore;
        this.discarded = discarded;
    }

    Optional<BankAccountRow> fold(String driverId) {
        return StoredStreams.fold(eventStore, discarded, driverId, BankAccountRow.FOLD);
    }
}
