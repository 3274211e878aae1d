package io.payouts.bank.provider;

import io.payouts.bank.reach.OutboxRail;

import java.time.Clock;

/**
 * Production's rail when it pays through a payment provider's HTTP API ({@code payouts.rail.production=http}):
 * attempts wait in the outbox for {@link ProviderSubmission}, and the provider reports each outcome through the
 * inbound webhook (ADR-0036).
 */
final class ProviderPayoutRail extends OutboxRail {

    static final String NAME = "http";
    /** Who the provider rail's commands come from, as the events' audit metadata says. */
    static final String CALLER = "rail:" + NAME;

    ProviderPayoutRail(ProviderOutbox outbox, Clock clock) {
        super(NAME, "provider", outbox::handOver, clock);
    }
}
