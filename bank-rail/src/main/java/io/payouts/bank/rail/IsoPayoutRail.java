package io.payouts.bank.rail;

import io.payouts.rail.PayoutRail;
import io.payouts.rail.RailPayment;
import io.payouts.shared.Mode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.util.List;

/**
 * Production's rail when it pays through a bank ({@code payouts.rail.production=iso20022}). Handing a payment over
 * only puts it in the outbox, in the hand-off's own transaction, so it is taken exactly once with the processor's
 * token; {@link BankSubmission} does the rest. Moves the payout records need nothing from here: the outbox knows
 * where each payment stands.
 */
final class IsoPayoutRail implements PayoutRail {

    static final String NAME = "iso20022";
    /** Who the bank rail's commands come from, as the events' audit metadata says. */
    static final String CALLER = "rail:" + NAME;

    private static final Logger log = LoggerFactory.getLogger(IsoPayoutRail.class);

    private final OutboxPayments outbox;
    private final Clock clock;

    IsoPayoutRail(OutboxPayments outbox, Clock clock) {
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
            log.warn("The bank rail pays production payouts only; {} sandbox payment(s) were not taken",
                    payments.size() - production.size());
        }
        outbox.handOver(production, clock.instant());
    }
}
