package io.payouts.rail;

import io.payouts.shared.Mode;
import io.payouts.shared.batch.BatchId;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.Rail;

import java.util.Objects;

/**
 * What a rail is handed; {@code netAmount} is in cents, net of the fee.
 *
 * @param attempt      the stream sequence number of the event that began this attempt; stable under redelivery, so
 *                     with {@code payoutId} it names one attempt
 * @param failOnRail   the sandbox scenario payout_failed: the simulated rail fails the first attempt
 * @param firstAttempt the first hand-over's attempt: 0 for a request, else the sequence number of the release
 *                     (ADR-0013), approval or return
 * @param batchId      the releasing batch, so a rail can pay a release together; null otherwise and for retries
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
