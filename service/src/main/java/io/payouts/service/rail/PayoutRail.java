package io.payouts.service.rail;

import io.payouts.shared.payout.PayoutStatus;

/**
 * The adapter seam between the service and whatever moves the money (ADR-0012). {@link RailHandOff} hands every
 * accepted or retried payout to the rail, from the event store, at least once and in the order of the payout's
 * stream. The rail never changes a payout itself: it reports through {@link RailOutcomes}, which sends the same
 * commands (queue, start processing, complete, fail) that the inbound webhook sends, so the Payout aggregate
 * decides every move. The simulated rail is the built-in implementation ({@code payouts.rail.simulated.enabled}).
 */
public interface PayoutRail {

    /**
     * Pay this payout: a new one (standard: validated; instant: already processing) or a retry of a failed one
     * (queued again). A redelivered event may hand over the same attempt twice; {@link RailPayment#payoutId()}
     * with {@link RailPayment#attempt()} identifies it, as an idempotency key towards the rail would.
     */
    void pay(RailPayment payment);

    /**
     * The payout's stream recorded a move the rail reported: {@link PayoutStatus#QUEUED} or
     * {@link PayoutStatus#PROCESSING}, at {@code version} (the event's sequence number). A rail that tracks its
     * own progress ignores this; the simulated rail plans its next step here.
     */
    default void recorded(RailPayment payment, PayoutStatus status, long version) {
    }
}
