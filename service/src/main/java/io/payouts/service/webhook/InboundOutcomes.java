package io.payouts.service.webhook;

import io.payouts.platform.commands.Commands;
import io.payouts.query.consistency.DiscardedStreams;
import io.payouts.rail.RailOutcomes;
import io.payouts.shared.Mode;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.PayoutNotFoundException;
import io.payouts.shared.payout.PayoutRequestedEvent;
import io.payouts.shared.payout.PayoutRequestedInBatchEvent;
import io.payouts.webhook.inbound.InboundEvents;
import org.axonframework.eventsourcing.eventstore.DomainEventStream;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.springframework.stereotype.Service;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import java.nio.charset.StandardCharsets;
import java.time.Clock;

/**
 * Drives a payout by what its rail reports (ADR-0014), once per inbound event id: recording the id and driving the
 * payout commit together, so a refused command records nothing and a replay changes nothing.
 */
@Service
class InboundOutcomes {

    static final String CALLER = "webhook:inbound";

    private final InboundEvents inbound;
    private final RailOutcomes outcomes;
    private final EventStore eventStore;
    private final DiscardedStreams discarded;
    private final TransactionTemplate transaction;
    private final Clock clock;

    InboundOutcomes(InboundEvents inbound, Commands commands, EventStore eventStore, DiscardedStreams discarded,
                    PlatformTransactionManager transactions, Clock clock) {
        this.inbound = inbound;
        this.outcomes = RailOutcomes.reportedBy(commands, CALLER);
        this.eventStore = eventStore;
        this.discarded = discarded;
        this.transaction = new TransactionTemplate(transactions);
        this.clock = clock;
    }

    /** What was done, in words: the payout completed or failed, or nothing when the event was processed before. */
    String apply(InboundEvent event, byte[] raw) {
        if (inbound.recorded(event.id())) {
            return alreadyProcessed(event);
        }
        Mode mode = modeOf(event.payoutId());
        return transaction.execute(status -> {
            if (!inbound.recordOnce(event.id(), event.type(), mode, new String(raw, StandardCharsets.UTF_8),
                    clock.instant())) {
                return alreadyProcessed(event);
            }
            if (event.completed()) {
                outcomes.completed(event.payoutId(), mode, clock.instant());
                return "payout " + event.payoutId() + " completed";
            }
            outcomes.failed(event.payoutId(), mode, event.reason(), clock.instant());
            return "payout " + event.payoutId() + " failed";
        });
    }

    private static String alreadyProcessed(InboundEvent event) {
        return "event " + event.id() + " was already processed; nothing changed";
    }

    /**
     * The payout's mode, from the first event of its stream: a payout made alone or in a batch; a payout that does
     * not exist is a 404.
     */
    private Mode modeOf(PayoutId payoutId) {
        if (discarded.discarded(payoutId.value())) {
            throw new PayoutNotFoundException(payoutId.value());
        }
        DomainEventStream stream = eventStore.readEvents(payoutId.value(), 0);
        if (stream.hasNext()) {
            Object first = stream.next().getPayload();
            if (first instanceof PayoutRequestedEvent requested) {
                return requested.mode();
            }
            if (first instanceof PayoutRequestedInBatchEvent requestedInBatch) {
                return requestedInBatch.mode();
            }
        }
        throw new PayoutNotFoundException(payoutId.value());
    }
}
