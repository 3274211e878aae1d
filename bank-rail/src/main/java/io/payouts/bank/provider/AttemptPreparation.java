package io.payouts.bank.provider;

import io.payouts.bank.reach.PayoutStreams;
import io.payouts.rail.RailOutcomes;
import io.payouts.shared.Mode;
import io.payouts.shared.Refusal;
import io.payouts.shared.driver.PayeeAccounts;
import io.payouts.shared.payout.AdvancePayoutsCommand;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns handed-over attempts (PENDING) into ready requests (READY), each step safe to rerun (ADR-0036):
 * <ol>
 *     <li>an attempt whose driver has no bank account ({@link PayeeAccounts}) is to be failed;</li>
 *     <li>the request is built once, so every send carries the same body;</li>
 *     <li>a standard payout, and any retry, is first queued under its Idempotency-Key, so it cannot be canceled while
 *     its request is out; one canceled meanwhile is never sent (instant ones are processing).</li>
 * </ol>
 * A refused queue move is done if the payout's events show it queued under this key.
 */
class AttemptPreparation {

    private static final Logger log = LoggerFactory.getLogger(AttemptPreparation.class);
    private static final int PER_ROUND = 500;

    private final ProviderOutbox outbox;
    private final PayeeAccounts payees;
    private final RailOutcomes outcomes;
    private final PayoutStreams history;
    private final Claimant claimant;
    private final Clock clock;

    AttemptPreparation(ProviderOutbox outbox, PayeeAccounts payees, RailOutcomes outcomes, PayoutStreams history,
                       Claimant claimant, Clock clock) {
        this.outbox = outbox;
        this.payees = payees;
        this.outcomes = outcomes;
        this.history = history;
        this.claimant = claimant;
        this.clock = clock;
    }

    void prepareWaiting() {
        Instant now = clock.instant();
        List<Attempt> pending = outbox.claim(AttemptState.PENDING, now, claimant.until(now), claimant.id(), PER_ROUND);
        if (pending.isEmpty()) {
            return;
        }
        try {
            prepare(pending);
        } catch (RuntimeException failure) {
            outbox.release(pending, claimant.id());
            throw failure;
        }
    }

    private void prepare(List<Attempt> pending) {
        Map<String, String> bodies = new HashMap<>();
        List<Attempt> toQueue = new ArrayList<>();
        for (Attempt attempt : pending) {
            PayoutRequests.Request request = PayoutRequests.of(attempt,
                    payees.find(attempt.driverId(), Mode.PRODUCTION));
            if (request instanceof PayoutRequests.Request.Unpayable unpayable) {
                log.warn("Payout {} cannot be paid through the provider: {}", attempt.payoutId(), unpayable.reason());
                outbox.move(attempt.idempotencyKey(), claimant.id(), AttemptState.PENDING, AttemptState.FAILING,
                        unpayable.reason(), clock.instant());
            } else if (attempt.queuesFirst()) {
                bodies.put(attempt.idempotencyKey(), ((PayoutRequests.Request.Payable) request).body());
                toQueue.add(attempt);
            } else {
                outbox.ready(attempt.idempotencyKey(), claimant.id(), ((PayoutRequests.Request.Payable) request).body(),
                        null, clock.instant());
            }
        }
        if (toQueue.isEmpty()) {
            return;
        }
        Instant now = clock.instant();
        AdvancePayoutsCommand.Result result = outcomes.advanced(Mode.PRODUCTION, toQueue.stream()
                .map(attempt -> new AdvancePayoutsCommand.Move(attempt.payoutId(), AdvancePayoutsCommand.Step.QUEUE,
                        now, attempt.attempt(), ProviderPayoutRail.NAME, attempt.idempotencyKey())).toList());
        for (Attempt attempt : toQueue) {
            Refusal refusal = result == null ? null : result.refusals().get(attempt.payoutId());
            if (refusal == null) {
                // the move was made at the attempt's version, and added one event
                outbox.ready(attempt.idempotencyKey(), claimant.id(), bodies.get(attempt.idempotencyKey()),
                        attempt.attempt() + 1, clock.instant());
                continue;
            }
            history.queuedUnder(attempt.payoutId(), attempt.attempt(), attempt.idempotencyKey()).ifPresentOrElse(
                    version -> outbox.ready(attempt.idempotencyKey(), claimant.id(),
                            bodies.get(attempt.idempotencyKey()), version, clock.instant()),
                    () -> {
                        log.info("Payout {} is not sent to the provider: {}", attempt.payoutId(), refusal.message());
                        outbox.move(attempt.idempotencyKey(), claimant.id(), AttemptState.PENDING,
                                AttemptState.WITHDRAWN, "not sent: " + refusal.message(), clock.instant());
                    });
        }
    }
}
