package io.payouts.bank.provider;

import io.payouts.rail.RailOutcomes;
import io.payouts.shared.Mode;
import io.payouts.shared.Refusal;
import io.payouts.shared.payout.AdvancePayoutsCommand;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.time.Instant;
import java.util.List;

/**
 * Tells the payouts the provider took (ACCEPTED) that they are processing, in one command for many, each move planned
 * at the version the payout was queued at under the attempt's key (ADR-0036). A payout that refuses has moved on
 * already, by the provider's own inbound webhook or by an earlier round that crashed before it recorded the move:
 * either way the attempt is at the provider, and its outcome comes back through the inbound webhook (SENT).
 */
class AcceptedAttempts {

    private static final Logger log = LoggerFactory.getLogger(AcceptedAttempts.class);
    private static final int PER_ROUND = 500;

    private final ProviderOutbox outbox;
    private final RailOutcomes outcomes;
    private final Claimant claimant;
    private final Clock clock;

    AcceptedAttempts(ProviderOutbox outbox, RailOutcomes outcomes, Claimant claimant, Clock clock) {
        this.outbox = outbox;
        this.outcomes = outcomes;
        this.claimant = claimant;
        this.clock = clock;
    }

    void startProcessing() {
        Instant now = clock.instant();
        List<Attempt> accepted = outbox.claim(AttemptState.ACCEPTED, now, claimant.until(now), claimant.id(),
                PER_ROUND);
        if (accepted.isEmpty()) {
            return;
        }
        AdvancePayoutsCommand.Result result;
        try {
            result = outcomes.advanced(Mode.PRODUCTION, accepted.stream()
                    .map(attempt -> new AdvancePayoutsCommand.Move(attempt.payoutId(),
                            AdvancePayoutsCommand.Step.START_PROCESSING, now, attempt.queuedVersion())).toList());
        } catch (RuntimeException failure) {
            outbox.release(accepted, claimant.id());
            throw failure;
        }
        for (Attempt attempt : accepted) {
            Refusal refusal = result == null ? null : result.refusals().get(attempt.payoutId());
            if (refusal != null) {
                log.debug("Payout {} was not moved to processing: {}", attempt.payoutId(), refusal.message());
            }
            outbox.move(attempt.idempotencyKey(), claimant.id(), AttemptState.ACCEPTED, AttemptState.SENT, null,
                    clock.instant());
        }
    }
}
