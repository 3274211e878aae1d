package io.payouts.rail;

import io.payouts.shared.payout.PayoutStatus;
import io.payouts.shared.payout.Rail;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * When the simulated rail makes its next move (ADR-0012): a rail's delay is the time from queued to completed,
 * half of it waiting in the queue and half processing. A standard payout is queued at once; an instant payout is
 * processing from the start and completes after the instant delay. A retry is queued again and travels the
 * queued path with its rail's delay. The sandbox scenario payout_failed fails the first attempt where it would
 * have completed; a retry goes through.
 */
record SimulatedRailPlan(Duration standardDelay, Duration instantDelay) {

    static final String FAILURE_REASON = "simulated rail failure (sandbox scenario payout_failed)";

    SimulatedRailPlan {
        Objects.requireNonNull(standardDelay, "standardDelay");
        Objects.requireNonNull(instantDelay, "instantDelay");
    }

    /** The first step of a payout handed over at {@code now}. */
    PlannedStep handedOver(RailPayment payment, Instant now) {
        if (payment.retry()) {
            return new PlannedStep(RailStep.PROCESS, now.plus(queueing(payment.rail())));
        }
        return payment.rail() == Rail.INSTANT
                ? new PlannedStep(ending(payment), now.plus(instantDelay))
                : new PlannedStep(RailStep.QUEUE, now);
    }

    /** The step after a recorded move; none after anything but queued or processing. */
    Optional<PlannedStep> recorded(RailPayment payment, PayoutStatus status, Instant now) {
        return switch (status) {
            case QUEUED -> Optional.of(new PlannedStep(RailStep.PROCESS, now.plus(queueing(payment.rail()))));
            case PROCESSING -> Optional.of(new PlannedStep(ending(payment),
                    now.plus(delay(payment.rail()).minus(queueing(payment.rail())))));
            default -> Optional.empty();
        };
    }

    private static RailStep ending(RailPayment payment) {
        return payment.failOnRail() && !payment.retry() ? RailStep.FAIL : RailStep.COMPLETE;
    }

    private Duration queueing(Rail rail) {
        return delay(rail).dividedBy(2);
    }

    private Duration delay(Rail rail) {
        return rail == Rail.INSTANT ? instantDelay : standardDelay;
    }

    /** A step and when it is due. */
    record PlannedStep(RailStep step, Instant dueAt) {
    }
}
