package io.payouts.rail;

import io.payouts.shared.payout.PayoutStatus;

import java.util.List;

/**
 * The adapter seam between the service and whatever moves the money (ADR-0012). {@link RailHandOff} hands every
 * accepted or retried payout to the rail, from the event store, at least once and in the order of the payout's
 * stream. The rail never changes a payout itself: it reports through {@link RailOutcomes}, which sends the same
 * commands (queue, start processing, complete, fail) that the inbound webhook sends, so the Payout aggregate
 * decides every move. The sandbox is always paid by the simulated rail; production by the rail
 * {@code payouts.rail.production} selects ({@link RailsByMode}).
 */
public interface PayoutRail {

    /**
     * Which rail this is, as payouts record it and as {@code payouts.rail.production} selects it: {@code simulated},
     * {@code iso20022}, {@code http} (see {@link ProductionRail}).
     */
    String name();

    /**
     * Pay these payouts, each a new one (standard: validated; instant: already processing) or a retry of a failed
     * one (queued again); the hand-off passes a processor batch's worth at once (ADR-0024), in the order of their
     * events. A redelivered event may hand over the same attempt twice; {@link RailPayment#payoutId()} with
     * {@link RailPayment#attempt()} identifies it, as an idempotency key towards the rail would.
     */
    void pay(List<RailPayment> payments);

    /**
     * The payouts' streams recorded moves the rail reported ({@link PayoutStatus#QUEUED} or
     * {@link PayoutStatus#PROCESSING}). A rail that tracks its own progress ignores this; the simulated rail plans
     * its next steps here.
     */
    default void recorded(List<RecordedMove> moves) {
    }

    /** A move the rail reported, now in the payout's stream at {@code version} (the event's sequence number). */
    record RecordedMove(RailPayment payment, PayoutStatus status, long version) {
    }
}
