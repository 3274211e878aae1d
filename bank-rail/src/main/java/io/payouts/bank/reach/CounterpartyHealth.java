package io.payouts.bank.reach;

import org.springframework.boot.actuate.health.AbstractHealthIndicator;
import org.springframework.boot.actuate.health.Health;

import java.time.Clock;
import java.time.Duration;
import java.util.function.Supplier;

/**
 * A counterparty's health component: DOWN while it does not answer, with when it last did, the last error and what
 * waits for it. Deliberately not part of readiness (ADR-0033, ADR-0036): every instance would leave the load balancer
 * together, yet payouts can still be accepted and wait in the outbox for the counterparty to come back.
 */
public class CounterpartyHealth extends AbstractHealthIndicator {

    private final CounterpartyLink link;
    private final Supplier<Waiting> waiting;
    private final String waitingDetail;
    private final Clock clock;

    /** @param waitingDetail the detail that counts what waits ({@code filesWaiting}, {@code payoutsWaiting}) */
    public CounterpartyHealth(CounterpartyLink link, Supplier<Waiting> waiting, String waitingDetail,
                              String unreadable, Clock clock) {
        super(unreadable);
        this.link = link;
        this.waiting = waiting;
        this.waitingDetail = waitingDetail;
        this.clock = clock;
    }

    @Override
    protected void doHealthCheck(Health.Builder builder) {
        CounterpartyLink.Status status = link.status();
        Waiting now = waiting.get();
        builder.status(status.reachable() ? "UP" : "DOWN")
                .withDetail("reachable", status.reachable())
                .withDetail(waitingDetail, now.count())
                .withDetail("oldestWaitingSeconds", now.oldest()
                        .map(oldest -> Duration.between(oldest, clock.instant()).toSeconds()).orElse(0L));
        status.lastSuccess().ifPresent(at -> builder.withDetail("lastAnsweredAt", at.toString()));
        status.lastFailure().ifPresent(at -> builder.withDetail("lastFailedAt", at.toString()));
        if (!status.reachable()) {
            status.lastError().ifPresent(error -> builder.withDetail("lastError", error));
        }
    }
}
