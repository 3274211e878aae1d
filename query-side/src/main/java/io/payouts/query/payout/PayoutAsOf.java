package io.payouts.query.payout;

import io.payouts.query.driver.DriverDirectory;
import io.payouts.shared.Mode;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.PayoutSummary;
import io.payouts.query.consistency.DiscardedStreams;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventsourcing.eventstore.DomainEventStream;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.springframework.stereotype.Component;

import java.time.Instant;
import java.util.Optional;

/**
 * A payout as it stood at an instant (ADR-0027): its stored events up to that instant, folded by the projection's own
 * rules ({@link PayoutRow}), so the answer is the one the service gave then, whatever the read model holds now. The
 * driver's name is today's, as every payout read shows it (an erased driver's is erased, ADR-0026).
 */
@Component
public class PayoutAsOf {

    private final EventStore eventStore;
    private final DiscardedStreams discarded;
    private final DriverDirectory drivers;

    PayoutAsOf(EventStore eventStore, DiscardedStreams discarded, DriverDirectory drivers) {
        this.eventStore = eventStore;
        this.discarded = discarded;
        this.drivers = drivers;
    }

    /** Empty when the payout did not exist yet at {@code asOf}, or belongs to another mode. */
    public Optional<PayoutSummary> find(Mode mode, PayoutId payoutId, Instant asOf) {
        if (discarded.discarded(payoutId.value())) {
            return Optional.empty();
        }
        DomainEventStream stream = eventStore.readEvents(payoutId.value(), 0);
        PayoutRow payout = null;
        while (stream.hasNext()) {
            DomainEventMessage<?> event = stream.next();
            if (event.getTimestamp().isAfter(asOf)) {
                break;
            }
            if (payout == null) {
                payout = PayoutRow.started(event.getPayload(), event.getSequenceNumber()).orElse(null);
                if (payout == null) {
                    return Optional.empty();
                }
            } else {
                payout = payout.evolve(event.getPayload(), event.getSequenceNumber());
            }
        }
        return Optional.ofNullable(payout).filter(found -> found.mode() == mode)
                .map(found -> PayoutPages.summaryOf(found, drivers));
    }
}
