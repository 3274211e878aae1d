package io.payouts.rail;

import io.payouts.shared.Mode;
import io.payouts.shared.batch.BatchId;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.Rail;

import java.util.Objects;

/**
 * What a rail is handed: who gets how much (net of the fee, in cents) on which rail.
 *
 * @param attempt    the sequence number of the event that began this attempt in the payout's stream: 0 for the
 *                   request, the retry's own for a retry. Stable under redelivery, so {@code payoutId} plus
 *                   {@code attempt} names one attempt.
 * @param failOnRail the sandbox scenario payout_failed: the simulated rail fails the first attempt. Only sandbox
 *                   payouts carry it.
 * @param firstAttempt the attempt of the first hand-over: 0 for a payout created on its own, the release's
 *                   sequence number for a payout of a batch (ADR-0013). Later attempts are retries.
 * @param batchId    the batch whose release handed the payout over, so that a rail can pay a release together;
 *                   null for a payout on its own and for a retry
 */
public record RailPayment(PayoutId payoutId, Mode mode, DriverId driverId, long netAmount, Rail rail,
                          boolean failOnRail, long attempt, long firstAttempt, BatchId batchId) {

    /** A payout handed over first by its request (sequence 0). */
    public RailPayment(PayoutId payoutId, Mode mode, DriverId driverId, long netAmount, Rail rail, boolean failOnRail,
                       long attempt) {
        this(payoutId, mode, driverId, netAmount, rail, failOnRail, attempt, 0, null);
    }

    /** A payout handed over first at {@code firstAttempt}, not by a batch's release. */
    public RailPayment(PayoutId payoutId, Mode mode, DriverId driverId, long netAmount, Rail rail, boolean failOnRail,
                       long attempt, long firstAttempt) {
        this(payoutId, mode, driverId, netAmount, rail, failOnRail, attempt, firstAttempt, null);
    }

    public RailPayment {
        Objects.requireNonNull(payoutId, "payoutId");
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(driverId, "driverId");
        Objects.requireNonNull(rail, "rail");
        if (attempt < 0 || firstAttempt < 0 || firstAttempt > attempt) {
            throw new IllegalArgumentException("attempts are sequence numbers, first " + firstAttempt + " and now "
                    + attempt);
        }
    }

    /** A failed payout queued again. */
    public boolean retry() {
        return attempt > firstAttempt;
    }

    RailPayment withAttempt(long retriedAt) {
        return new RailPayment(payoutId, mode, driverId, netAmount, rail, failOnRail, retriedAt, firstAttempt, null);
    }
}
