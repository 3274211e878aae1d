package io.payouts.query.driver;

import io.payouts.shared.payout.PayoutCanceledEvent;
import io.payouts.shared.payout.PayoutCompletedEvent;
import io.payouts.shared.payout.PayoutFailedEvent;
import io.payouts.shared.payout.PayoutRequestedEvent;
import io.payouts.shared.payout.PayoutRequestedInBatchEvent;
import io.payouts.shared.payout.PayoutRetriedEvent;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.EventMessage;
import org.axonframework.eventsourcing.eventstore.DomainEventStream;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.springframework.stereotype.Component;

/**
 * The driver list's payout totals: {@code total_paid} (sum of completed payouts' amounts) and
 * {@code pending_payouts} (payouts in flight: +1 on request and retry, -1 on completion, failure and cancel).
 *
 * <p>It runs in the driver projection's processing group on purpose: one processor, so a driver's registration
 * is always applied before its payouts, and a rebuild of {@code driver_view} (whose reset handler clears the
 * table) replays the payout events too, so the totals come back with the rows.
 *
 * <p>The counters are changed by targeted UPDATE statements, never by saving the entity: {@link DriverView}
 * maps them read-only, so neither writer can overwrite the other's columns.
 *
 * <p>Why counting is safe without a per-row version: the counters are not idempotent by themselves (a version
 * per payout stream would be needed for that, ADR-0005). They do not need to be. The tracking processor stores
 * its token in {@code token_entry} through the JPA token store, in the same database transaction as these
 * UPDATEs; a batch either commits its writes together with the token that moves past its events, or rolls
 * back both (the propagating error handler then retries the batch). So outside a replay every event is applied
 * exactly once. A replay starts from a reset, and the driver projection's reset handler deletes every row, so
 * the counters start again from zero and each event is counted once more, exactly once.
 */
@Component
@ProcessingGroup(DriverProjection.PROCESSING_GROUP)
class DriverTotalsProjection {

    private final DriverViewRepository drivers;
    private final EventStore eventStore;

    DriverTotalsProjection(DriverViewRepository drivers, EventStore eventStore) {
        this.drivers = drivers;
        this.eventStore = eventStore;
    }

    @EventHandler
    void on(PayoutRequestedEvent event) {
        pending(event.driverId().value(), +1);
    }

    /** A batch's payout is pending for its driver from the start, though its funds wait for the release. */
    @EventHandler
    void on(PayoutRequestedInBatchEvent event) {
        pending(event.driverId().value(), +1);
    }

    /** The retry event does not name the driver: the payout's first event does. */
    @EventHandler
    void on(PayoutRetriedEvent event) {
        pending(driverOf(event.payoutId().value()), +1);
    }

    @EventHandler
    void on(PayoutCompletedEvent event) {
        String driverId = event.driverId().value();
        // exactly once per event: see the class comment
        requireDriver(driverId, drivers.recordCompletedPayout(driverId, event.amount()));
    }

    @EventHandler
    void on(PayoutFailedEvent event) {
        pending(event.driverId().value(), -1);
    }

    @EventHandler
    void on(PayoutCanceledEvent event) {
        pending(event.driverId().value(), -1);
    }

    private void pending(String driverId, int delta) {
        // exactly once per event: see the class comment
        requireDriver(driverId, drivers.addToPendingPayouts(driverId, delta));
    }

    /** Like the driver projection, a payout of a driver it never saw registered stops the processor loudly. */
    private static void requireDriver(String driverId, int rowsChanged) {
        if (rowsChanged != 1) {
            throw new IllegalStateException("payout of driver " + driverId + ", who is not in driver_view");
        }
    }

    /** Reads the payout's stream from its first event (never a snapshot): the request names the driver. */
    private String driverOf(String payoutId) {
        DomainEventStream stream = eventStore.readEvents(payoutId, 0);
        while (stream.hasNext()) {
            EventMessage<?> event = stream.next();
            if (event.getPayload() instanceof PayoutRequestedEvent requested) {
                return requested.driverId().value();
            }
            if (event.getPayload() instanceof PayoutRequestedInBatchEvent requested) {
                return requested.driverId().value();
            }
        }
        throw new IllegalStateException("payout " + payoutId + " has no request in the event store");
    }
}
