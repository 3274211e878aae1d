package io.payouts.rail;

import io.payouts.shared.MetadataKeys;
import io.payouts.shared.eventhandling.BatchedEventHandler;
import io.payouts.shared.eventhandling.ProcessingGroups;
import io.payouts.shared.payout.PayoutApprovedEvent;
import io.payouts.shared.payout.PayoutCanceledEvent;
import io.payouts.shared.payout.PayoutCompletedEvent;
import io.payouts.shared.payout.PayoutEvent;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.PayoutProcessingStartedEvent;
import io.payouts.shared.payout.PayoutQueuedEvent;
import io.payouts.shared.payout.PayoutRejectedEvent;
import io.payouts.shared.payout.PayoutReleasedEvent;
import io.payouts.shared.payout.PayoutRequestedEvent;
import io.payouts.shared.payout.PayoutRequestedInBatchEvent;
import io.payouts.shared.payout.PayoutRetriedEvent;
import io.payouts.shared.payout.PayoutReturnedEvent;
import io.payouts.shared.payout.PayoutStatus;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.DisallowReplay;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.SequenceNumber;
import org.axonframework.messaging.annotation.MetaDataValue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Hands payouts to the rail from the event store (ADR-0012): a tracking processor, so a payout accepted just
 * before a crash still reaches the rail after the restart. Its writes commit with the processor's token, so an event
 * is handed over again only if nothing of its first hand-over was kept. A processor batch is handed over at once
 * (ADR-0024). Never reset this processor: a replay would hand every payout ever made to the rail again, each step
 * refused as out of date only once it came due.
 */
@ProcessingGroup(ProcessingGroups.PAYOUT_RAIL)
@DisallowReplay
class RailHandOff extends BatchedEventHandler {

    private static final Logger log = LoggerFactory.getLogger(RailHandOff.class);

    private final PayoutRail rail;
    private final RailPayments payments;

    RailHandOff(PayoutRail rail, RailPayments payments) {
        this.rail = rail;
        this.payments = payments;
    }

    /**
     * Every event of a payout's stream; {@link HandOver#take} says what each means to the rail.
     *
     * @param scenario the sandbox scenario in the event's metadata: payout_failed fails the first attempt
     */
    @EventHandler
    void on(PayoutEvent event, @SequenceNumber long sequence,
            @MetaDataValue(MetadataKeys.SANDBOX_SCENARIO) String scenario) {
        collect(event.payoutId().value(), handedOrAsIs(event, sequence, scenario), sequence);
    }

    /** A batch's payout is held from its creation, so that one failed at its batch's release can be retried later. */
    private static Object handedOrAsIs(PayoutEvent event, long sequence, String scenario) {
        if (event instanceof PayoutRequestedEvent requested) {
            return handed(requested, sequence, scenario);
        } else if (event instanceof PayoutRequestedInBatchEvent requested) {
            return handed(requested, sequence, scenario);
        } else if (event instanceof PayoutReleasedEvent released) {
            return handed(released, sequence, scenario);
        } else if (event instanceof PayoutApprovedEvent approved) {
            return handed(approved, sequence, scenario);
        } else if (event instanceof PayoutReturnedEvent returned) {
            return handed(returned, sequence);
        }
        return event;
    }

    /** A new payout, paid now; {@code scenario} is its event's sandbox scenario metadata. */
    static Handed handed(PayoutRequestedEvent event, long sequence, String scenario) {
        return new Handed(new RailPayment(event.payoutId(), event.mode(), event.driverId(), event.netAmount(),
                event.rail(), MetadataKeys.failsOnRail(scenario), sequence), true);
    }

    /** A batch's new payout, held until its batch is released. */
    static Handed handed(PayoutRequestedInBatchEvent event, long sequence, String scenario) {
        return new Handed(new RailPayment(event.payoutId(), event.mode(), event.driverId(), event.netAmount(),
                event.rail(), MetadataKeys.failsOnRail(scenario), sequence), false);
    }

    /**
     * A batch's payout released, paid now, its first attempt at this event; the batch goes with it so that a rail can
     * pay a release together.
     */
    static Handed handed(PayoutReleasedEvent event, long sequence, String scenario) {
        return new Handed(new RailPayment(event.payoutId(), event.mode(), event.driverId(), event.netAmount(),
                event.rail(), MetadataKeys.failsOnRail(scenario), sequence, sequence, event.batchId()), true);
    }

    /** A payout that waited for a second person, approved: paid now, its first attempt at this event (ADR-0046). */
    static Handed handed(PayoutApprovedEvent event, long sequence, String scenario) {
        return new Handed(new RailPayment(event.payoutId(), event.mode(), event.driverId(), event.netAmount(),
                event.rail(), MetadataKeys.failsOnRail(scenario), sequence, sequence), true);
    }

    /**
     * A completed payout the bank returned is failed again and may be retried: the rail holds it once more, from what
     * the return repeats, so that the retry reaches the rail. The sandbox scenario forced only the first attempt.
     */
    static Handed handed(PayoutReturnedEvent event, long sequence) {
        return new Handed(new RailPayment(event.payoutId(), event.mode(), event.driverId(), event.netAmount(),
                event.rail(), false, sequence, sequence), false);
    }

    @Override
    protected void apply(List<Collected> events) {
        HandOver handOver = new HandOver(payments.findAll(heldBefore(events)));
        events.forEach(handOver::take);
        payments.rememberAll(List.copyOf(handOver.remembered.values()));
        payments.startAttempts(handOver.attempts);
        payments.forgetAll(handOver.forgotten);
        rail.pay(handOver.paid);
        rail.recorded(handOver.recorded);
    }

    /** The payouts whose payment these events need and do not carry themselves. */
    private static Set<PayoutId> heldBefore(List<Collected> events) {
        Set<PayoutId> needed = new LinkedHashSet<>();
        Set<PayoutId> carried = new HashSet<>();
        for (Collected collected : events) {
            PayoutId payoutId = new PayoutId(collected.aggregateId());
            Object event = collected.event();
            if (event instanceof Handed) {
                carried.add(payoutId);
            } else if ((event instanceof PayoutRetriedEvent || event instanceof PayoutQueuedEvent
                    || event instanceof PayoutProcessingStartedEvent) && !carried.contains(payoutId)) {
                needed.add(payoutId);
            }
        }
        return needed;
    }

    /**
     * A payout the rail is given by a requested, requested-in-batch, released, approved or returned event, with what
     * its metadata says (the sandbox scenario): paid now, or only held until its batch is released or its retry
     * comes.
     */
    record Handed(RailPayment payment, boolean toPay) {
    }

    /** One batch's hand-over, event by event in stream order; the writes and the rail's calls are made after. */
    private static final class HandOver {

        private final Map<PayoutId, RailPayment> held;
        private final Map<PayoutId, RailPayment> remembered = new LinkedHashMap<>();
        private final Map<PayoutId, Long> attempts = new LinkedHashMap<>();
        private final Set<PayoutId> forgotten = new LinkedHashSet<>();
        private final List<RailPayment> paid = new ArrayList<>();
        private final List<PayoutRail.RecordedMove> recorded = new ArrayList<>();

        HandOver(Map<PayoutId, RailPayment> held) {
            this.held = new HashMap<>(held);
        }

        void take(Collected collected) {
            long sequence = collected.sequence();
            Object handed = collected.event();
            if (handed instanceof Handed payment) {
                if (payment.toPay()) {
                    pay(payment.payment());
                } else {
                    hold(payment.payment());
                }
            } else if (handed instanceof PayoutRetriedEvent event) {
                retry(event.payoutId(), sequence);
            } else if (handed instanceof PayoutQueuedEvent event) {
                record(event.payoutId(), PayoutStatus.QUEUED, sequence);
            } else if (handed instanceof PayoutProcessingStartedEvent event) {
                record(event.payoutId(), PayoutStatus.PROCESSING, sequence);
            } else if (handed instanceof PayoutCompletedEvent event) {
                forget(event.payoutId());
            } else if (handed instanceof PayoutCanceledEvent event) {
                forget(event.payoutId());
            } else if (handed instanceof PayoutRejectedEvent event) {
                forget(event.payoutId());
            }
        }

        private void retry(PayoutId payoutId, long sequence) {
            RailPayment payment = held(payoutId);
            if (payment != null) {
                RailPayment retried = payment.withAttempt(sequence);
                held.put(payoutId, retried);
                attempts.put(payoutId, sequence);
                paid.add(retried);
            }
        }

        private void pay(RailPayment payment) {
            hold(payment);
            paid.add(payment);
        }

        private void hold(RailPayment payment) {
            held.put(payment.payoutId(), payment);
            remembered.put(payment.payoutId(), payment);
            forgotten.remove(payment.payoutId());
        }

        private void record(PayoutId payoutId, PayoutStatus status, long version) {
            RailPayment payment = held(payoutId);
            if (payment != null) {
                recorded.add(new PayoutRail.RecordedMove(payment, status, version));
            }
        }

        private void forget(PayoutId payoutId) {
            held.remove(payoutId);
            remembered.remove(payoutId);
            attempts.remove(payoutId);
            forgotten.add(payoutId);
        }

        private RailPayment held(PayoutId payoutId) {
            RailPayment payment = held.get(payoutId);
            if (payment == null) {
                // Only a payout that completed or was canceled is forgotten, and neither moves again; skipping keeps
                // one odd stream from stopping the rail for every other payout.
                log.warn("Payout {} is not held by the rail; its event is not handed over", payoutId);
            }
            return payment;
        }
    }
}
