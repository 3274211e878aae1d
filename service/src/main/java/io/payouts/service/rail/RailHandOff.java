package io.payouts.service.rail;

import io.payouts.shared.payout.PayoutCanceledEvent;
import io.payouts.shared.payout.PayoutCompletedEvent;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.PayoutProcessingStartedEvent;
import io.payouts.shared.payout.PayoutQueuedEvent;
import io.payouts.shared.payout.PayoutReleasedEvent;
import io.payouts.shared.payout.PayoutRequestedEvent;
import io.payouts.shared.payout.PayoutRequestedInBatchEvent;
import io.payouts.shared.payout.PayoutRetriedEvent;
import io.payouts.shared.payout.PayoutStatus;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.DisallowReplay;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.SequenceNumber;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Optional;

/**
 * Hands payouts to the rail from the event store (ADR-0012): a tracking processor, so a payout accepted just
 * before a crash still reaches the rail after the restart. What it writes commits with the processor's token,
 * so an event is handed over again only if nothing of its first hand-over was kept. Never reset this processor:
 * a replay would hand every payout ever made to the rail again (each step would then be refused as out of date,
 * but only after it came due).
 */
@ProcessingGroup(RailHandOff.PROCESSING_GROUP)
@DisallowReplay
class RailHandOff {

    static final String PROCESSING_GROUP = "payout-rail";

    private static final Logger log = LoggerFactory.getLogger(RailHandOff.class);

    private final PayoutRail rail;
    private final RailPayments payments;

    RailHandOff(PayoutRail rail, RailPayments payments) {
        this.rail = rail;
        this.payments = payments;
    }

    @EventHandler
    void on(PayoutRequestedEvent event, @SequenceNumber long sequence) {
        RailPayment payment = new RailPayment(event.payoutId(), event.mode(), event.driverId(), event.netAmount(),
                event.rail(), event.failOnRail(), sequence);
        payments.remember(payment);
        rail.pay(payment);
    }

    /**
     * A batch's payout is held from its creation, so that one failed at its batch's release (its driver could not be
     * paid) reaches the rail if it is retried later; it is paid only once released (issue #11).
     */
    @EventHandler
    void on(PayoutRequestedInBatchEvent event, @SequenceNumber long sequence) {
        payments.remember(new RailPayment(event.payoutId(), event.mode(), event.driverId(), event.netAmount(),
                event.rail(), event.failOnRail(), sequence));
    }

    /** A batch's payout reaches the rail when its batch is released, as a payout created on its own (ADR-0013). */
    @EventHandler
    void on(PayoutReleasedEvent event, @SequenceNumber long sequence) {
        RailPayment payment = new RailPayment(event.payoutId(), event.mode(), event.driverId(), event.netAmount(),
                event.rail(), event.failOnRail(), sequence, sequence);
        payments.remember(payment);
        rail.pay(payment);
    }

    @EventHandler
    void on(PayoutRetriedEvent event, @SequenceNumber long sequence) {
        held(event.payoutId()).ifPresent(payment -> {
            payments.startAttempt(event.payoutId(), sequence);
            rail.pay(payment.withAttempt(sequence));
        });
    }

    @EventHandler
    void on(PayoutQueuedEvent event, @SequenceNumber long sequence) {
        held(event.payoutId()).ifPresent(payment -> rail.recorded(payment, PayoutStatus.QUEUED, sequence));
    }

    @EventHandler
    void on(PayoutProcessingStartedEvent event, @SequenceNumber long sequence) {
        held(event.payoutId()).ifPresent(payment -> rail.recorded(payment, PayoutStatus.PROCESSING, sequence));
    }

    /** A completed or canceled payout never comes back to the rail; a failed one may, when it is retried. */
    @EventHandler
    void on(PayoutCompletedEvent event) {
        payments.forget(event.payoutId());
    }

    @EventHandler
    void on(PayoutCanceledEvent event) {
        payments.forget(event.payoutId());
    }

    private Optional<RailPayment> held(PayoutId payoutId) {
        Optional<RailPayment> payment = payments.find(payoutId);
        if (payment.isEmpty()) {
            // Only a payout that completed or was canceled is forgotten, and neither moves again; skipping keeps
            // one odd stream from stopping the rail for every other payout.
            log.warn("Payout {} is not held by the rail; its event is not handed over", payoutId);
        }
        return payment;
    }
}
