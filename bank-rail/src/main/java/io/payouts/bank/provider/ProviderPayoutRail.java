package io.payouts.bank.provider;

import io.payouts.rail.PayoutRail;
import io.payouts.rail.RailPayment;
import io.payouts.shared.Mode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.util.List;

/**
 * Production's rail when it pays through a payment provider's HTTP API ({@code payouts.rail.production=http}).
 * Handing a payment over only puts the attempt in the outbox, in the hand-off's own transaction, so it is taken
 * exactly once with the processor's token; {@link ProviderSubmission} does the rest, and the provider reports each
 * outcome through the inbound webhook (ADR-0036).
 */
final class ProviderPayoutRail implements PayoutRail {

    static final String NAME = "http";
    /** Who the provider rail's commands come from, as the events' audit metadata says. */
    static final String CALLER = "rail:" + NAME;

    private static final Logger log = LoggerFactory.getLogger(ProviderPayoutRail.class);

    private final ProviderOutbox outbox;
    private final Clock clock;

    ProviderPayoutRail(ProviderOutbox outbox, Clock clock) {
        this.outbox = outbox;
        this.clock = clock;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void pay(List<RailPayment> payments) {
        List<RailPayment> production = payments.stream().filter(payment -> payment.mode() == Mode.PRODUCTION)
                .toList();
        if (production.size() < payments.size()) {
            log.warn("The provider rail pays production payouts only; {} sandbox payment(s) were not taken",
                    payments.size() - production.size());
        }
        outbox.handOver(production, clock.instant());
    }
}
