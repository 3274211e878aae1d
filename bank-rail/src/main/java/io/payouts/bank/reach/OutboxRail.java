package io.payouts.bank.reach;

import io.payouts.rail.PayoutRail;
import io.payouts.rail.RailPayment;
import io.payouts.shared.Mode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.time.Instant;
import java.util.List;

/**
 * A production rail that sends money through a counterparty: handing a payment over only puts it in the rail's
 * outbox, in the hand-off's own transaction, so it is taken exactly once with the processor's token; the rail's
 * timed rounds do the rest. Sandbox payments are never taken: the sandbox is paid by the simulated rail.
 */
public abstract class OutboxRail implements PayoutRail {

    private static final Logger log = LoggerFactory.getLogger(OutboxRail.class);

    /** Writes handed-over payments into the rail's outbox. */
    @FunctionalInterface
    public interface Outbox {
        void handOver(List<RailPayment> payments, Instant at);
    }

    private final String name;
    private final String counterparty;
    private final Outbox outbox;
    private final Clock clock;

    /** @param counterparty who the rail pays through, as a log line names it ("bank", "provider") */
    protected OutboxRail(String name, String counterparty, Outbox outbox, Clock clock) {
        this.name = name;
        this.counterparty = counterparty;
        this.outbox = outbox;
        this.clock = clock;
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final void pay(List<RailPayment> payments) {
        List<RailPayment> production = payments.stream().filter(payment -> payment.mode() == Mode.PRODUCTION)
                .toList();
        if (production.size() < payments.size()) {
            log.warn("The {} rail pays production payouts only; {} sandbox payment(s) were not taken", counterparty,
                    payments.size() - production.size());
        }
        outbox.handOver(production, clock.instant());
    }
}
