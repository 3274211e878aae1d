package io.payouts.query.payout;

import io.payouts.shared.Mode;
import io.payouts.shared.payout.PayoutStatus;
import io.payouts.shared.payout.Rail;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** What a batch of payout moves adds to the drivers' totals: paid once on completion, pending while not terminal. */
class DriverTotalsTest {

    private static final String ANA = "drv_" + "0".repeat(31) + "1";
    private static final String BEN = "drv_" + "0".repeat(31) + "2";
    private static final Instant AT = Instant.parse("2025-01-15T09:00:00Z");

    @Test
    void aNewPayoutIsPending() {
        assertThat(DriverTotals.changes(Map.of(), List.of(payout(1, ANA, 2_500, PayoutStatus.VALIDATED))))
                .containsExactlyEntriesOf(Map.of(ANA, new DriverTotals.Change(0, 1)));
    }

    @Test
    void aNewBatchPayoutIsPendingBeforeItsRelease() {
        assertThat(DriverTotals.changes(Map.of(), List.of(payout(1, ANA, 2_500, PayoutStatus.PENDING))))
                .containsExactlyEntriesOf(Map.of(ANA, new DriverTotals.Change(0, 1)));
    }

    @Test
    void aCompletionPaysItsAmountAndEndsThePending() {
        PayoutRow before = payout(1, ANA, 2_500, PayoutStatus.PROCESSING);

        assertThat(DriverTotals.changes(Map.of(before.id(), before),
                List.of(payout(1, ANA, 2_500, PayoutStatus.COMPLETED))))
                .containsExactlyEntriesOf(Map.of(ANA, new DriverTotals.Change(2_500, -1)));
    }

    @Test
    void aPayoutRequestedAndCompletedInOneBatchIsPaidAndNeverPending() {
        assertThat(DriverTotals.changes(Map.of(), List.of(payout(1, ANA, 2_500, PayoutStatus.COMPLETED))))
                .containsExactlyEntriesOf(Map.of(ANA, new DriverTotals.Change(2_500, 0)));
    }

    @Test
    void failedAndCanceledPayoutsStopBeingPendingAndAreNotPaid() {
        PayoutRow first = payout(1, ANA, 2_500, PayoutStatus.PROCESSING);
        PayoutRow second = payout(2, ANA, 4_000, PayoutStatus.QUEUED);

        assertThat(DriverTotals.changes(Map.of(first.id(), first, second.id(), second),
                List.of(payout(1, ANA, 2_500, PayoutStatus.FAILED), payout(2, ANA, 4_000, PayoutStatus.CANCELED))))
                .containsExactlyEntriesOf(Map.of(ANA, new DriverTotals.Change(0, -2)));
    }

    @Test
    void aRetriedPayoutIsPendingAgain() {
        PayoutRow failed = payout(1, ANA, 2_500, PayoutStatus.FAILED);

        assertThat(DriverTotals.changes(Map.of(failed.id(), failed),
                List.of(payout(1, ANA, 2_500, PayoutStatus.QUEUED))))
                .containsExactlyEntriesOf(Map.of(ANA, new DriverTotals.Change(0, 1)));
    }

    @Test
    void aMoveBetweenPendingStatusesChangesNothing() {
        PayoutRow validated = payout(1, ANA, 2_500, PayoutStatus.VALIDATED);

        assertThat(DriverTotals.changes(Map.of(validated.id(), validated),
                List.of(payout(1, ANA, 2_500, PayoutStatus.QUEUED)))).isEmpty();
    }

    @Test
    void aCompletedPayoutThatStaysCompletedIsNotPaidTwice() {
        PayoutRow completed = payout(1, ANA, 2_500, PayoutStatus.COMPLETED);

        assertThat(DriverTotals.changes(Map.of(completed.id(), completed), List.of(completed))).isEmpty();
    }

    @Test
    void addsUpEachDriversMovesAndLeavesOutDriversWhoseMovesCancelOut() {
        PayoutRow anasProcessing = payout(1, ANA, 1_000, PayoutStatus.PROCESSING);
        PayoutRow bensQueued = payout(3, BEN, 7_000, PayoutStatus.QUEUED);

        var changes = DriverTotals.changes(Map.of(anasProcessing.id(), anasProcessing, bensQueued.id(), bensQueued),
                List.of(payout(1, ANA, 1_000, PayoutStatus.COMPLETED),
                        payout(2, ANA, 3_000, PayoutStatus.COMPLETED),
                        payout(4, ANA, 5_000, PayoutStatus.VALIDATED),
                        payout(3, BEN, 7_000, PayoutStatus.CANCELED),
                        payout(5, BEN, 2_000, PayoutStatus.VALIDATED)));

        assertThat(changes).containsExactlyEntriesOf(Map.of(ANA, new DriverTotals.Change(4_000, 0)));
    }

    private static PayoutRow payout(int n, String driverId, long amount, PayoutStatus status) {
        return new PayoutRow(String.format("pay_%032x", n), Mode.SANDBOX, driverId, amount, 0, amount, status,
                Rail.STANDARD, null, null, null, null, AT, null, null, null, null, null, null, null, 1);
    }
}
