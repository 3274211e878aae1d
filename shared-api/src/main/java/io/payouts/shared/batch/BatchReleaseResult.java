package io.payouts.shared.batch;

import io.payouts.shared.payout.PayoutId;

import java.util.List;

/**
 * The answer to a {@link ReleaseBatchCommand}: the payouts that went to the rail with their funds reserved, and
 * those that failed at the release because their driver could not be paid, each in the batch's order.
 */
public record BatchReleaseResult(List<PayoutId> releasedToRail, List<PayoutId> failedAtRelease) {

    public BatchReleaseResult {
        releasedToRail = List.copyOf(releasedToRail);
        failedAtRelease = List.copyOf(failedAtRelease);
    }
}
