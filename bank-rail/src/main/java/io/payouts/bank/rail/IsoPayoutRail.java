package io.payouts.bank.rail;

import io.payouts.bank.reach.OutboxRail;

import java.time.Clock;

/**
 * Production's rail when it pays through a bank ({@code payouts.rail.production=iso20022}): payments wait in the
 * outbox for {@link BankSubmission}, their accounts read ahead for the file. Moves the payout records need nothing
 * from here: the outbox knows where each payment stands.
 */
final class IsoPayoutRail extends OutboxRail {

    static final String NAME = "iso20022";
    /** Who the bank rail's commands come from, as the events' audit metadata says. */
    static final String CALLER = "rail:" + NAME;

    IsoPayoutRail(OutboxPayments outbox, AccountsAhead accountsAhead, Clock clock) {
        super(NAME, "bank", (payments, at) -> {
            outbox.handOver(payments, at);
            accountsAhead.readFor(payments);
        }, clock);
    }
}
