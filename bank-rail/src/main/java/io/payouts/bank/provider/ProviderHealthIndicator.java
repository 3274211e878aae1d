package io.payouts.bank.provider;

import org.springframework.boot.actuate.health.AbstractHealthIndicator;
import org.springframework.boot.actuate.health.Health;

import java.time.Clock;
import java.time.Duration;

/**
 * The health component {@code provider}: DOWN while the payment provider does not answer, with when it last did, the
 * last error and the attempts waiting. Like the bank's (ADR-0033), it is deliberately not part of readiness: every
 * instance would leave the load balancer together, yet payouts can still be accepted and wait in the outbox for the
 * provider to come back (ADR-0036).
 */
class ProviderHealthIndicator extends AbstractHealthIndicator {

    private final ProviderLink link;
    private final ProviderOutbox outbox;
    private final Clock clock;

    ProviderHealthIndicator(ProviderLink link, ProviderOutbox outbox, Clock clock) {
        super("the provider rail's state could not be read");
        this.link = link;
        this.outbox = outbox;
        this.clock = clock;
    }

    @Override
    protected void doHealthCheck(Health.Builder builder) {
        ProviderLink.Status status = link.status();
        ProviderOutbox.Waiting waiting = outbox.waiting();
        builder.status(status.reachable() ? "UP" : "DOWN")
                .withDetail("reachable", status.reachable())
                .withDetail("payoutsWaiting", waiting.count())
                .withDetail("oldestWaitingSeconds", waiting.oldest()
                        .map(oldest -> Duration.between(oldest, clock.instant()).toSeconds()).orElse(0L));
        status.lastSuccess().ifPresent(at -> builder.withDetail("lastAnsweredAt", at.toString()));
        status.lastFailure().ifPresent(at -> builder.withDetail("lastFailedAt", at.toString()));
        if (!status.reachable()) {
            status.lastError().ifPresent(error -> builder.withDetail("lastError", error));
        }
    }
}
