package io.payouts.bank.rail;

import org.springframework.boot.actuate.health.AbstractHealthIndicator;
import org.springframework.boot.actuate.health.Health;

import java.time.Clock;
import java.time.Duration;

/**
 * The health component {@code bank}: DOWN while the bank does not answer, with when it last did, the last error and
 * the files waiting. It is deliberately not part of readiness (ADR-0033): every instance would leave the load
 * balancer together, yet payouts can still be accepted and wait in the outbox for the bank to come back.
 */
class BankHealthIndicator extends AbstractHealthIndicator {

    private final BankLink link;
    private final BankFiles files;
    private final Clock clock;

    BankHealthIndicator(BankLink link, BankFiles files, Clock clock) {
        super("the bank rail's state could not be read");
        this.link = link;
        this.files = files;
        this.clock = clock;
    }

    @Override
    protected void doHealthCheck(Health.Builder builder) {
        BankLink.Status status = link.status();
        BankFiles.Waiting waiting = files.waiting();
        builder.status(status.reachable() ? "UP" : "DOWN")
                .withDetail("reachable", status.reachable())
                .withDetail("filesWaiting", waiting.count())
                .withDetail("oldestWaitingSeconds", waiting.oldest()
                        .map(oldest -> Duration.between(oldest, clock.instant()).toSeconds()).orElse(0L));
        status.lastSuccess().ifPresent(at -> builder.withDetail("lastAnsweredAt", at.toString()));
        status.lastFailure().ifPresent(at -> builder.withDetail("lastFailedAt", at.toString()));
        if (!status.reachable()) {
            status.lastError().ifPresent(error -> builder.withDetail("lastError", error));
        }
    }
}
