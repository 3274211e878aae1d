package io.payouts.bank.provider;

import io.payouts.bank.reach.PayoutStreams;
import io.payouts.bank.reach.RailProblems;
import io.payouts.rail.RailOutcomes;
import io.payouts.shared.DomainException;
import io.payouts.shared.ErrorCode;
import io.payouts.shared.Mode;
import io.payouts.shared.payout.PayoutFailedEvent;

import java.time.Clock;
import java.time.Instant;
import java.util.List;

/**
 * Fails the payouts the rail cannot pay (FAILING): the driver has no bank account, or the provider refused the
 * attempt with a 4xx. The existing fail path gives the money back once, and the failure reason is the rail's own or
 * the provider's message (ADR-0036), and each is parked where admins see the rail's problems. A refusal met again
 * after a crash is told apart by the payout's newest event: failed means done; anything else means the payout moved
 * on without the rail, which then leaves it (WITHDRAWN).
 */
class AttemptFailures {

    private static final int PER_ROUND = 100;

    private final ProviderOutbox outbox;
    private final RailOutcomes outcomes;
    private final PayoutStreams history;
    private final RailProblems problems;
    private final Claimant claimant;
    private final Clock clock;

    AttemptFailures(ProviderOutbox outbox, RailOutcomes outcomes, PayoutStreams history, RailProblems problems,
                    Claimant claimant, Clock clock) {
        this.outbox = outbox;
        this.outcomes = outcomes;
        this.history = history;
        this.problems = problems;
        this.claimant = claimant;
        this.clock = clock;
    }

    void failUnpaid() {
        Instant now = clock.instant();
        List<Attempt> failing = outbox.claim(AttemptState.FAILING, now, claimant.until(now), claimant.id(), PER_ROUND);
        for (int i = 0; i < failing.size(); i++) {
            Attempt attempt = failing.get(i);
            AttemptState next = AttemptState.FAILED;
            try {
                outcomes.failed(attempt.payoutId(), Mode.PRODUCTION, attempt.reason(), clock.instant());
            } catch (DomainException refused) {
                boolean failedBefore = refused.code() == ErrorCode.INVALID_STATE && history.newest(attempt.payoutId())
                        .filter(PayoutFailedEvent.class::isInstance).isPresent();
                if (!failedBefore) {
                    next = AttemptState.WITHDRAWN;
                }
            } catch (RuntimeException failure) {
                outbox.release(failing.subList(i, failing.size()), claimant.id());
                throw failure;
            }
            if (outbox.move(attempt.idempotencyKey(), claimant.id(), AttemptState.FAILING, next, null,
                    clock.instant())) {
                problems.park(null, attempt.idempotencyKey(), attempt.payoutId(), "not paid through the provider: "
                        + attempt.reason());
            }
        }
    }
}
