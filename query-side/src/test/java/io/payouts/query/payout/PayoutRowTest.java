package io.payouts.query.payout;

import io.payouts.shared.Mode;
import io.payouts.shared.approval.Approval;
import io.payouts.shared.approval.ApprovalStatus;
import io.payouts.shared.batch.BatchId;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.payout.PayoutCanceledEvent;
import io.payouts.shared.payout.PayoutApprovedEvent;
import io.payouts.shared.payout.PayoutAwaitingApprovalEvent;
import io.payouts.shared.payout.PayoutCompletedEvent;
import io.payouts.shared.payout.PayoutFailedEvent;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.PayoutProcessingStartedEvent;
import io.payouts.shared.payout.PayoutQueuedEvent;
import io.payouts.shared.payout.PayoutRejectedEvent;
import io.payouts.shared.payout.PayoutReleasedEvent;
import io.payouts.shared.payout.PayoutRequestedEvent;
import io.payouts.shared.payout.PayoutRequestedInBatchEvent;
import io.payouts.shared.payout.PayoutRetriedEvent;
import io.payouts.shared.payout.PayoutStatus;
import io.payouts.shared.payout.PayoutSummary;
import io.payouts.shared.payout.Rail;
import io.payouts.shared.wallet.WalletId;
import org.junit.jupiter.api.Test;

import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The rules that fold a payout's stream into its row, shared by the projection and reads from the event store. */
class PayoutRowTest {

    private static final PayoutId PAYOUT = new PayoutId("pay_" + "0".repeat(31) + "1");
    private static final DriverId DRIVER = new DriverId("drv_" + "0".repeat(31) + "1");
    private static final BatchId BATCH = new BatchId("batch_" + "0".repeat(31) + "1");

    private static final Instant REQUESTED_AT = Instant.parse("2025-01-15T09:00:00Z");
    private static final Instant QUEUED_AT = Instant.parse("2025-01-15T09:00:05Z");
    private static final Instant STARTED_AT = Instant.parse("2025-01-15T09:00:07Z");
    private static final Instant ENDED_AT = Instant.parse("2025-01-15T09:00:10Z");
    private static final Instant RETRIED_AT = Instant.parse("2025-01-15T10:00:00Z");
    private static final Instant LATER = Instant.parse("2025-01-15T11:00:00Z");

    // the first event

    @Test
    void aStandardRequestStartsAValidatedPayoutWithEveryFieldOfTheEvent() {
        PayoutRow row = PayoutRow.started(requested(Rail.STANDARD, 2_500, 0), 0).orElseThrow();

        assertThat(row.version()).isZero();
        assertThat(row.mode()).isEqualTo(Mode.SANDBOX);
        assertThat(row.toSummary("Ana Silva")).isEqualTo(new PayoutSummary(PAYOUT, "load-77", DRIVER, "Ana Silva",
                2_500, 0, 2_500, PayoutStatus.VALIDATED, Rail.STANDARD, "week 3", "driver-app", null, REQUESTED_AT,
                null, null, null, null, null, null, null));
    }

    @Test
    void anInstantRequestStartsProcessing() {
        PayoutRow row = PayoutRow.started(requested(Rail.INSTANT, 10_000, 150), 0).orElseThrow();

        assertThat(row.status()).isEqualTo(PayoutStatus.PROCESSING);
        assertThat(row.fee()).isEqualTo(150);
        assertThat(row.netAmount()).isEqualTo(9_850);
    }

    @Test
    void aPayoutOfABatchStartsPendingAndNamesItsBatch() {
        PayoutRow row = PayoutRow.started(requestedInBatch(Rail.INSTANT), 0).orElseThrow();

        assertThat(row.status()).as("pending until the batch is released, whatever its rail")
                .isEqualTo(PayoutStatus.PENDING);
        assertThat(row.batchId()).isEqualTo(BATCH.value());
        assertThat(row.toSummary(null)).isEqualTo(new PayoutSummary(PAYOUT, "load-9", DRIVER, null, 3_000, 30,
                2_970, PayoutStatus.PENDING, Rail.INSTANT, "batch line", null, BATCH.value(), REQUESTED_AT, null,
                null, null, null, null, null, null));
    }

    @Test
    void theFirstEventsSequenceNumberIsTheVersion() {
        assertThat(PayoutRow.started(requested(Rail.STANDARD, 2_500, 0), 7).orElseThrow().version()).isEqualTo(7);
    }

    @Test
    void onlyARequestStartsAPayout() {
        assertThat(PayoutRow.started(new PayoutQueuedEvent(PAYOUT, Mode.SANDBOX, QUEUED_AT), 1)).isEmpty();
        assertThat(PayoutRow.started(new PayoutCompletedEvent(PAYOUT, Mode.SANDBOX, DRIVER, 2_500, 2_500,
                ENDED_AT), 3)).isEmpty();
    }

    // later events

    @Test
    void releasingABatchPayoutValidatesAStandardOne() {
        PayoutRow pending = PayoutRow.started(requestedInBatch(Rail.STANDARD), 0).orElseThrow();

        PayoutRow released = pending.evolve(released(Rail.STANDARD), 1);

        assertThat(released.status()).isEqualTo(PayoutStatus.VALIDATED);
        assertThat(released.version()).isEqualTo(1);
        assertThat(released.batchId()).isEqualTo(BATCH.value());
    }

    @Test
    void releasingABatchPayoutStartsProcessingAnInstantOne() {
        PayoutRow pending = PayoutRow.started(requestedInBatch(Rail.INSTANT), 0).orElseThrow();

        assertThat(pending.evolve(released(Rail.INSTANT), 1).status()).isEqualTo(PayoutStatus.PROCESSING);
    }

    @Test
    void queuedSetsQueuedAtAndAdvancesTheVersion() {
        PayoutRow queued = standard().evolve(new PayoutQueuedEvent(PAYOUT, Mode.SANDBOX, QUEUED_AT), 1);

        assertThat(queued.status()).isEqualTo(PayoutStatus.QUEUED);
        assertThat(queued.queuedAt()).isEqualTo(QUEUED_AT);
        assertThat(queued.version()).isEqualTo(1);
    }

    @Test
    void aStandardPayoutGoesThroughTheRailToCompletedKeepingEachTime() {
        PayoutRow processing = standard()
                .evolve(new PayoutQueuedEvent(PAYOUT, Mode.SANDBOX, QUEUED_AT), 1)
                .evolve(new PayoutProcessingStartedEvent(PAYOUT, Mode.SANDBOX, STARTED_AT), 2);
        assertThat(processing.status()).isEqualTo(PayoutStatus.PROCESSING);

        PayoutRow completed = processing.evolve(completed(), 3);

        assertThat(completed.version()).isEqualTo(3);
        PayoutSummary summary = completed.toSummary(null);
        assertThat(summary.status()).isEqualTo(PayoutStatus.COMPLETED);
        assertThat(summary.requestedAt()).isEqualTo(REQUESTED_AT);
        assertThat(summary.queuedAt()).isEqualTo(QUEUED_AT);
        assertThat(summary.completedAt()).isEqualTo(ENDED_AT);
        assertThat(summary.failedAt()).isNull();
        assertThat(summary.canceledAt()).isNull();
    }

    @Test
    void failedRecordsWhenAndWhy() {
        PayoutRow failed = instant().evolve(failed("account closed", ENDED_AT), 1);

        assertThat(failed.status()).isEqualTo(PayoutStatus.FAILED);
        assertThat(failed.failedAt()).isEqualTo(ENDED_AT);
        assertThat(failed.failureReason()).isEqualTo("account closed");
        assertThat(failed.completedAt()).isNull();
        assertThat(failed.version()).isEqualTo(1);
    }

    @Test
    void retriedGoesBackToQueuedAndKeepsTheLastFailureOnRecord() {
        PayoutRow failed = instant().evolve(failed("account closed", ENDED_AT), 1);

        PayoutRow retried = failed.evolve(new PayoutRetriedEvent(PAYOUT, Mode.SANDBOX, 10_000, RETRIED_AT), 2);

        assertThat(retried.status()).isEqualTo(PayoutStatus.QUEUED);
        assertThat(retried.retriedAt()).isEqualTo(RETRIED_AT);
        assertThat(retried.failedAt()).isEqualTo(ENDED_AT);
        assertThat(retried.failureReason()).isEqualTo("account closed");
        assertThat(retried.version()).isEqualTo(2);
    }

    @Test
    void aRetriedPayoutThatFailsAgainRecordsTheNewFailure() {
        PayoutRow failedAgain = instant().evolve(failed("account closed", ENDED_AT), 1)
                .evolve(new PayoutRetriedEvent(PAYOUT, Mode.SANDBOX, 10_000, RETRIED_AT), 2)
                .evolve(failed("name mismatch", LATER), 3);

        assertThat(failedAgain.status()).isEqualTo(PayoutStatus.FAILED);
        assertThat(failedAgain.failedAt()).isEqualTo(LATER);
        assertThat(failedAgain.failureReason()).isEqualTo("name mismatch");
        assertThat(failedAgain.retriedAt()).isEqualTo(RETRIED_AT);
    }

    @Test
    void canceledSetsCanceledAtOnly() {
        PayoutRow canceled = standard().evolve(new PayoutCanceledEvent(PAYOUT, Mode.SANDBOX, DRIVER, 2_500,
                ENDED_AT), 1);

        assertThat(canceled.status()).isEqualTo(PayoutStatus.CANCELED);
        assertThat(canceled.canceledAt()).isEqualTo(ENDED_AT);
        assertThat(canceled.completedAt()).isNull();
        assertThat(canceled.failedAt()).isNull();
    }

    @Test
    void anEventOfAnotherStreamIsRefused() {
        PayoutRow row = standard();

        assertThatThrownBy(() -> row.evolve("something else than a payout's event", 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("PayoutEvent");
    }

    @Test
    void theAmountsDriverAndModeNeverChangeAfterTheRequest() {
        PayoutRow row = standard();

        PayoutRow completed = row.evolve(new PayoutQueuedEvent(PAYOUT, Mode.SANDBOX, QUEUED_AT), 1)
                .evolve(completed(), 2);

        assertThat(completed).extracting(PayoutRow::id, PayoutRow::mode, PayoutRow::driverId, PayoutRow::amount,
                        PayoutRow::fee, PayoutRow::netAmount, PayoutRow::rail, PayoutRow::description,
                        PayoutRow::loadId, PayoutRow::requestedAt)
                .containsExactly(row.id(), row.mode(), row.driverId(), row.amount(), row.fee(), row.netAmount(),
                        row.rail(), row.description(), row.loadId(), row.requestedAt());
    }

    // redelivery

    @Test
    void anEventAtTheRowsVersionChangesNothing() {
        PayoutRow queued = standard().evolve(new PayoutQueuedEvent(PAYOUT, Mode.SANDBOX, QUEUED_AT), 1);

        assertThat(queued.evolve(new PayoutCanceledEvent(PAYOUT, Mode.SANDBOX, DRIVER, 2_500, LATER), 1))
                .isSameAs(queued);
    }

    @Test
    void anEventBelowTheRowsVersionChangesNothing() {
        PayoutRow canceled = standard().evolve(new PayoutQueuedEvent(PAYOUT, Mode.SANDBOX, QUEUED_AT), 1)
                .evolve(new PayoutCanceledEvent(PAYOUT, Mode.SANDBOX, DRIVER, 2_500, ENDED_AT), 2);

        PayoutRow after = canceled.evolve(new PayoutQueuedEvent(PAYOUT, Mode.SANDBOX, LATER), 1)
                .evolve(failed("late duplicate", LATER), 2)
                .evolve(requested(Rail.STANDARD, 2_500, 0), 0);

        assertThat(after).isEqualTo(canceled);
    }

    // approvals (ADR-0046)

    @Test
    void aPayoutAboveTheThresholdStartsPendingApprovalAndAnApprovalSendsItOnAsARequestWould() {
        PayoutRow waiting = PayoutRow.started(new PayoutAwaitingApprovalEvent(PAYOUT, Mode.SANDBOX,
                WalletId.of(Mode.SANDBOX), DRIVER, 200_000, 150, 199_850, Rail.INSTANT, "bonus", "load-1",
                REQUESTED_AT, "dispatch", "usr_requester", 100_000), 0).orElseThrow();

        assertThat(waiting.status()).isEqualTo(PayoutStatus.PENDING_APPROVAL);
        assertThat(waiting.approval()).isEqualTo(Approval.pending(100_000, "usr_requester"));
        assertThat(waiting.requestedBy()).isEqualTo("dispatch");

        PayoutRow approved = waiting.evolve(new PayoutApprovedEvent(PAYOUT, Mode.SANDBOX, DRIVER, 200_000, 199_850,
                Rail.INSTANT, "usr_approver", LATER), 1);

        assertThat(approved.status()).as("an instant payout is processing once approved")
                .isEqualTo(PayoutStatus.PROCESSING);
        assertThat(approved.approval()).isEqualTo(new Approval(ApprovalStatus.APPROVED, 100_000, "usr_requester",
                "usr_approver", LATER, null));
        assertThat(approved.toSummary(null).approval()).isEqualTo(approved.approval());
    }

    @Test
    void aRejectionEndsItRejectedWithWhoAndWhy() {
        PayoutRow waiting = PayoutRow.started(new PayoutAwaitingApprovalEvent(PAYOUT, Mode.SANDBOX,
                WalletId.of(Mode.SANDBOX), DRIVER, 200_000, 0, 200_000, Rail.STANDARD, null, null, REQUESTED_AT,
                null, "usr_requester", 100_000), 0).orElseThrow();

        PayoutRow rejected = waiting.evolve(new PayoutRejectedEvent(PAYOUT, Mode.SANDBOX, DRIVER, 200_000,
                "usr_approver", "not this week", LATER), 1);

        assertThat(rejected.status()).isEqualTo(PayoutStatus.REJECTED);
        assertThat(rejected.approval()).isEqualTo(new Approval(ApprovalStatus.REJECTED, 100_000, "usr_requester",
                "usr_approver", LATER, "not this week"));
    }

    @Test
    void aBatchsPayoutRejectedWithItsBatchRecordsTheRejection() {
        PayoutRow pending = PayoutRow.started(requestedInBatch(Rail.STANDARD), 0).orElseThrow();

        PayoutRow rejected = pending.evolve(new PayoutRejectedEvent(PAYOUT, Mode.SANDBOX, DRIVER, 3_000,
                "usr_approver", "wrong week", LATER), 1);

        assertThat(rejected.status()).isEqualTo(PayoutStatus.REJECTED);
        assertThat(rejected.approval().decidedBy()).isEqualTo("usr_approver");
        assertThat(rejected.approval().reason()).isEqualTo("wrong week");
    }

    private static PayoutRow standard() {
        return PayoutRow.started(requested(Rail.STANDARD, 2_500, 0), 0).orElseThrow();
    }

    private static PayoutRow instant() {
        return PayoutRow.started(requested(Rail.INSTANT, 10_000, 150), 0).orElseThrow();
    }

    private static PayoutRequestedEvent requested(Rail rail, long amount, long fee) {
        return new PayoutRequestedEvent(PAYOUT, Mode.SANDBOX, WalletId.of(Mode.SANDBOX), DRIVER, amount, fee,
                amount - fee, rail, "week 3", "load-77", REQUESTED_AT, "driver-app");
    }

    private static PayoutRequestedInBatchEvent requestedInBatch(Rail rail) {
        return new PayoutRequestedInBatchEvent(PAYOUT, Mode.SANDBOX, WalletId.of(Mode.SANDBOX), BATCH, DRIVER,
                3_000, 30, 2_970, rail, "batch line", "load-9", REQUESTED_AT);
    }

    private static PayoutReleasedEvent released(Rail rail) {
        return new PayoutReleasedEvent(PAYOUT, Mode.SANDBOX, BATCH, DRIVER, 2_970, rail, QUEUED_AT);
    }

    private static PayoutCompletedEvent completed() {
        return new PayoutCompletedEvent(PAYOUT, Mode.SANDBOX, DRIVER, 2_500, 2_500, ENDED_AT);
    }

    private static PayoutFailedEvent failed(String reason, Instant at) {
        return new PayoutFailedEvent(PAYOUT, Mode.SANDBOX, DRIVER, 10_000, reason, at);
    }
}
