package io.payouts.query.batch;

import io.payouts.shared.Mode;
import io.payouts.shared.approval.Approval;
import io.payouts.shared.approval.ApprovalStatus;
import io.payouts.shared.batch.BatchApprovedEvent;
import io.payouts.shared.batch.BatchAwaitingApprovalEvent;
import io.payouts.shared.batch.BatchCompletedEvent;
import io.payouts.shared.batch.BatchCreatedEvent;
import io.payouts.shared.batch.BatchId;
import io.payouts.shared.batch.BatchPayoutCanceledEvent;
import io.payouts.shared.batch.BatchPayoutLine;
import io.payouts.shared.batch.BatchPayoutOutcomeRecordedEvent;
import io.payouts.shared.batch.BatchPayoutOutcomesRecordedEvent;
import io.payouts.shared.batch.BatchRejectedEvent;
import io.payouts.shared.batch.BatchReleasedEvent;
import io.payouts.shared.batch.BatchStatus;
import io.payouts.shared.batch.BatchSummary;
import io.payouts.shared.batch.ReleaseTrigger;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.PayoutStatus;
import io.payouts.shared.payout.Rail;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The rules that fold a batch's stream into its row, shared by the projection and reads from the event store. */
class BatchRowTest {

    private static final BatchId BATCH = new BatchId("batch_" + "0".repeat(31) + "1");
    private static final DriverId DRIVER = new DriverId("drv_" + "0".repeat(31) + "1");
    private static final PayoutId FIRST = new PayoutId(String.format("pay_%032x", 1));
    private static final PayoutId SECOND = new PayoutId(String.format("pay_%032x", 2));
    private static final Instant CREATED_AT = Instant.parse("2025-01-15T09:00:00Z");
    private static final Instant SCHEDULED_FOR = Instant.parse("2025-01-17T23:30:00Z");
    private static final Instant CANCELED_AT = Instant.parse("2025-01-15T10:00:00Z");
    private static final Instant RELEASED_AT = Instant.parse("2025-01-17T23:30:01Z");
    private static final Instant COMPLETED_AT = Instant.parse("2025-01-17T23:31:00Z");

    @Test
    void aNewBatchIsQueuedWithItsTotalsAtTheEventsSequenceNumber() {
        BatchRow row = BatchRow.created(created(), 0);

        assertThat(row.version()).isZero();
        assertThat(row.mode()).isEqualTo(Mode.SANDBOX);
        assertThat(row.toSummary()).isEqualTo(new BatchSummary(BATCH, "Weekly", Rail.STANDARD, BatchStatus.QUEUED,
                2, 5_000, 50, 4_950, SCHEDULED_FOR, CREATED_AT, null, null, null, null));
    }

    @Test
    void aCanceledPayoutRecountsTheTotalsAndKeepsTheBatchQueued() {
        BatchRow row = BatchRow.created(created(), 0).evolve(new BatchPayoutCanceledEvent(BATCH, Mode.SANDBOX,
                SECOND, 1, 4_000, 40, 3_960, CANCELED_AT), 1);

        assertThat(row.status()).isEqualTo(BatchStatus.QUEUED);
        assertThat(row).extracting(BatchRow::payoutCount, BatchRow::totalAmount, BatchRow::totalFees,
                BatchRow::netAmount, BatchRow::version).containsExactly(1, 4_000L, 40L, 3_960L, 1L);
    }

    @Test
    void aRunStartsProcessingAndSetsProcessedAt() {
        BatchRow row = BatchRow.created(created(), 0).evolve(released(ReleaseTrigger.RUN), 1);

        assertThat(row.status()).isEqualTo(BatchStatus.PROCESSING);
        assertThat(row.processedAt()).isEqualTo(RELEASED_AT);
        assertThat(row.releasedAt()).isNull();
    }

    @ParameterizedTest
    @EnumSource(value = ReleaseTrigger.class, names = {"RELEASE", "SCHEDULE"})
    void aReleaseOrTheScheduleStartsProcessingAndSetsReleasedAt(ReleaseTrigger trigger) {
        BatchRow row = BatchRow.created(created(), 0).evolve(released(trigger), 1);

        assertThat(row.status()).isEqualTo(BatchStatus.PROCESSING);
        assertThat(row.releasedAt()).isEqualTo(RELEASED_AT);
        assertThat(row.processedAt()).isNull();
    }

    @Test
    void theReleaseCarriesTheTotalsOfThePayoutsReleased() {
        BatchRow row = BatchRow.created(created(), 0).evolve(new BatchReleasedEvent(BATCH, Mode.SANDBOX, "Weekly",
                ReleaseTrigger.RELEASE, List.of(FIRST), 1, 4_000, 40, 3_960, RELEASED_AT, List.of(SECOND)), 1);

        assertThat(row).extracting(BatchRow::payoutCount, BatchRow::totalAmount, BatchRow::totalFees,
                BatchRow::netAmount).containsExactly(1, 4_000L, 40L, 3_960L);
    }

    @Test
    void aRecordedPayoutOutcomeOnlyAdvancesTheVersion() {
        BatchRow processing = BatchRow.created(created(), 0).evolve(released(ReleaseTrigger.RELEASE), 1);

        BatchRow row = processing.evolve(new BatchPayoutOutcomeRecordedEvent(BATCH, Mode.SANDBOX, FIRST,
                PayoutStatus.COMPLETED, COMPLETED_AT), 2);

        assertThat(row).isEqualTo(new BatchRow(processing.id(), processing.mode(), processing.name(),
                processing.rail(), processing.status(), processing.payoutCount(), processing.totalAmount(),
                processing.totalFees(), processing.netAmount(), processing.scheduledFor(), processing.createdAt(),
                processing.releasedAt(), processing.processedAt(), processing.completedAt(), null, 2,
                processing.payoutIds()));
    }

    @Test
    void recordedPayoutOutcomesOnlyAdvanceTheVersion() {
        BatchRow processing = BatchRow.created(created(), 0).evolve(released(ReleaseTrigger.RELEASE), 1);

        BatchRow row = processing.evolve(new BatchPayoutOutcomesRecordedEvent(BATCH, Mode.SANDBOX, List.of(
                new BatchPayoutOutcomesRecordedEvent.Outcome(FIRST, PayoutStatus.COMPLETED, COMPLETED_AT),
                new BatchPayoutOutcomesRecordedEvent.Outcome(SECOND, PayoutStatus.FAILED, COMPLETED_AT))), 2);

        assertThat(row).isEqualTo(new BatchRow(processing.id(), processing.mode(), processing.name(),
                processing.rail(), processing.status(), processing.payoutCount(), processing.totalAmount(),
                processing.totalFees(), processing.netAmount(), processing.scheduledFor(), processing.createdAt(),
                processing.releasedAt(), processing.processedAt(), processing.completedAt(), null, 2,
                processing.payoutIds()));
    }

    @ParameterizedTest
    @EnumSource(value = BatchStatus.class, names = {"COMPLETED", "FAILED"})
    void theBatchEndsWithItsOutcomeAndKeepsItsReleaseTime(BatchStatus outcome) {
        BatchRow row = BatchRow.created(created(), 0).evolve(released(ReleaseTrigger.RELEASE), 1)
                .evolve(new BatchCompletedEvent(BATCH, Mode.SANDBOX, "Weekly", outcome, 2, 5_000, 1, 1,
                        COMPLETED_AT), 4);

        assertThat(row.status()).isEqualTo(outcome);
        assertThat(row.completedAt()).isEqualTo(COMPLETED_AT);
        assertThat(row.releasedAt()).isEqualTo(RELEASED_AT);
        assertThat(row.version()).isEqualTo(4);
    }

    @Test
    void anEventAtOrBelowTheRowsVersionChangesNothing() {
        BatchRow canceled = BatchRow.created(created(), 0).evolve(new BatchPayoutCanceledEvent(BATCH, Mode.SANDBOX,
                SECOND, 1, 4_000, 40, 3_960, CANCELED_AT), 1);

        BatchRow after = canceled
                .evolve(new BatchPayoutCanceledEvent(BATCH, Mode.SANDBOX, FIRST, 0, 0, 0, 0, CANCELED_AT), 1)
                .evolve(released(ReleaseTrigger.RUN), 0);

        assertThat(after).isSameAs(canceled);
    }

    @Test
    void aBatchAboveTheThresholdWaitsThenIsQueuedOnceApprovedOrEndsRejected() {
        BatchRow waiting = BatchRow.created(created(), 0).evolve(new BatchAwaitingApprovalEvent(BATCH, Mode.SANDBOX,
                5_000, 4_000, "usr_creator", CREATED_AT), 1);

        assertThat(waiting.status()).isEqualTo(BatchStatus.PENDING_APPROVAL);
        assertThat(waiting.toSummary().approval()).isEqualTo(Approval.pending(4_000, "usr_creator"));

        BatchRow approved = waiting.evolve(new BatchApprovedEvent(BATCH, Mode.SANDBOX, "usr_approver", CANCELED_AT),
                2);
        assertThat(approved.status()).isEqualTo(BatchStatus.QUEUED);
        assertThat(approved.approval()).isEqualTo(new Approval(ApprovalStatus.APPROVED, 4_000, "usr_creator",
                "usr_approver", CANCELED_AT, null));

        BatchRow rejected = waiting.evolve(new BatchRejectedEvent(BATCH, Mode.SANDBOX, "usr_approver", "wrong week",
                CANCELED_AT), 2);
        assertThat(rejected.status()).isEqualTo(BatchStatus.REJECTED);
        assertThat(rejected.approval().reason()).isEqualTo("wrong week");
    }

    private static BatchCreatedEvent created() {
        return new BatchCreatedEvent(BATCH, Mode.SANDBOX, "Weekly", Rail.STANDARD, SCHEDULED_FOR,
                List.of(new BatchPayoutLine(FIRST, DRIVER, 4_000, 40), new BatchPayoutLine(SECOND, DRIVER, 1_000, 10)),
                2, 5_000, 50, 4_950, CREATED_AT);
    }

    private static BatchReleasedEvent released(ReleaseTrigger trigger) {
        return new BatchReleasedEvent(BATCH, Mode.SANDBOX, "Weekly", trigger, List.of(FIRST, SECOND), 2, 5_000, 50,
                4_950, RELEASED_AT, List.of());
    }
}
