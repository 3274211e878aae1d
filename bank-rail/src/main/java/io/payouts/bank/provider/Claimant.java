package io.payouts.bank.provider;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;

/**
 * Who claims outbox rows, and for how long: one per sender, named after its process and a random part so that two
 * senders of one process differ too. A claim outlasts a request's timeout, so a request still under way is never
 * claimed by another sender; a sender that dies loses its claims when they run out.
 */
record Claimant(String id, Duration holdFor) {

    static Claimant of(Duration requestTimeout) {
        String process = ManagementFactory.getRuntimeMXBean().getName();
        String id = (process.length() > 27 ? process.substring(0, 27) : process) + "/" + UUID.randomUUID();
        return new Claimant(id, requestTimeout.plus(Duration.ofMinutes(1)));
    }

    Instant until(Instant now) {
        return now.plus(holdFor);
    }
}
