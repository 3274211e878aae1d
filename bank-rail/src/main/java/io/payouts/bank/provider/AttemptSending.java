package io.payouts.bank.provider;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Sends the attempts that are due (READY), up to {@value #REQUESTS_PER_ROUND} at once, each claimed by this sender
 * for longer than a request may take (ADR-0036). A 2xx: the provider has it, and the payout is to be told it is
 * processing; a refusing 4xx: the payout is to be failed with the provider's message; anything else (a 5xx, a timeout,
 * no connection): the same body is sent again under the same key after the attempt's backoff. A sender that dies
 * mid-request leaves its claim to run out; the attempt then goes again, under the same key.
 */
class AttemptSending {

    static final int REQUESTS_PER_ROUND = 32;
    private static final Logger log = LoggerFactory.getLogger(AttemptSending.class);

    private final ProviderOutbox outbox;
    private final ProviderClient client;
    private final ProviderLink link;
    private final Backoff backoff;
    private final Claimant claimant;
    private final Clock clock;

    AttemptSending(ProviderOutbox outbox, ProviderClient client, ProviderLink link, Backoff backoff,
                   Claimant claimant, Clock clock) {
        this.outbox = outbox;
        this.client = client;
        this.link = link;
        this.backoff = backoff;
        this.claimant = claimant;
        this.clock = clock;
    }

    void sendDue() {
        Instant now = clock.instant();
        List<Attempt> due = outbox.claim(AttemptState.READY, now, claimant.until(now), claimant.id(),
                REQUESTS_PER_ROUND);
        if (due.isEmpty()) {
            return;
        }
        List<CompletableFuture<ProviderAnswer>> answers = new ArrayList<>();
        for (Attempt attempt : due) {
            answers.add(client.send(attempt.idempotencyKey(), attempt.body()));
        }
        boolean anyAnswer = false;
        String lastError = null;
        for (int i = 0; i < due.size(); i++) {
            Attempt attempt = due.get(i);
            ProviderAnswer answer = answers.get(i).join();
            if (answer instanceof ProviderAnswer.NoAnswer none) {
                lastError = none.error();
            } else {
                anyAnswer = true;
            }
            record(attempt, answer);
        }
        if (anyAnswer) {
            link.answered();
        } else {
            link.unreachable(lastError);
        }
    }

    private void record(Attempt attempt, ProviderAnswer answer) {
        Instant now = clock.instant();
        if (answer instanceof ProviderAnswer.Accepted accepted) {
            AttemptState next = attempt.queuedVersion() == null ? AttemptState.SENT : AttemptState.ACCEPTED;
            outbox.accepted(attempt.idempotencyKey(), claimant.id(), next, accepted.reference(), now);
            log.info("The provider took payout {} (Idempotency-Key {}, HTTP {})", attempt.payoutId(),
                    attempt.idempotencyKey(), accepted.status());
        } else if (answer instanceof ProviderAnswer.Refused refused) {
            outbox.refused(attempt.idempotencyKey(), claimant.id(), refused.message(), now);
            log.warn("The provider refused payout {} (Idempotency-Key {}, HTTP {}): {}", attempt.payoutId(),
                    attempt.idempotencyKey(), refused.status(), refused.message());
        } else {
            String error = ((ProviderAnswer.NoAnswer) answer).error();
            Instant next = now.plus(backoff.after(attempt.tries() + 1));
            outbox.tryAgain(attempt.idempotencyKey(), claimant.id(), error, next, now);
            log.warn("Payout {} waits for the provider, next try at {} (Idempotency-Key {}): {}", attempt.payoutId(),
                    next, attempt.idempotencyKey(), error);
        }
    }
}
