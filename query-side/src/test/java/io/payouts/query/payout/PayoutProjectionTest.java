package io.payouts.query.payout;

import io.payouts.query.consistency.ProjectionProgress;
import io.payouts.shared.Mode;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.payout.PayoutCanceledEvent;
import io.payouts.shared.payout.PayoutCompletedEvent;
import io.payouts.shared.payout.PayoutFailedEvent;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.PayoutProcessingStartedEvent;
import io.payouts.shared.payout.PayoutQueuedEvent;
import io.payouts.shared.payout.PayoutRequestedEvent;
import io.payouts.shared.payout.PayoutRetriedEvent;
import io.payouts.shared.payout.PayoutStatus;
import io.payouts.shared.payout.PayoutSummary;
import io.payouts.shared.payout.Rail;
import io.payouts.shared.wallet.WalletId;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.Mockito.doAnswer;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

class PayoutProjectionTest {

    private static final PayoutId PAYOUT = new PayoutId("pay_" + "0".repeat(31) + "1");
    private static final PayoutId UNKNOWN_PAYOUT = new PayoutId("pay_" + "0".repeat(31) + "2");
    private static final DriverId DRIVER = new DriverId("drv_" + "0".repeat(31) + "1");

    private static final Instant REQUESTED_AT = Instant.parse("2025-01-15T09:00:00Z");
    private static final Instant QUEUED_AT = Instant.parse("2025-01-15T09:00:05Z");
    private static final Instant STARTED_AT = Instant.parse("2025-01-15T09:00:07Z");
    private static final Instant ENDED_AT = Instant.parse("2025-01-15T09:00:10Z");
    private static final Instant RETRIED_AT = Instant.parse("2025-01-15T10:00:00Z");
    private static final Instant LATER = Instant.parse("2025-01-15T11:00:00Z");

    private static final PayoutRequestedEvent STANDARD = requested(Rail.STANDARD, 2_500, 0);
    private static final PayoutRequestedEvent INSTANT = requested(Rail.INSTANT, 10_000, 150);

    /** The table, as seen through the repository methods the projection uses. */
    private final Map<String, PayoutView> rows = new HashMap<>();
    private PayoutProjection projection;
    private ProjectionProgress progress;
    private final ExecutorService readers = Executors.newSingleThreadExecutor();

    @BeforeEach
    void setUp() {
        PayoutViewRepository payouts = mock(PayoutViewRepository.class);
        when(payouts.existsById(anyString())).thenAnswer(call -> rows.containsKey(call.<String>getArgument(0)));
        when(payouts.findById(anyString())).thenAnswer(call -> Optional.ofNullable(rows.get(call.<String>getArgument(0))));
        when(payouts.save(any(PayoutView.class))).thenAnswer(call -> {
            PayoutView row = call.getArgument(0);
            rows.put(row.id(), row);
            return row;
        });
        doAnswer(call -> {
            rows.clear();
            return null;
        }).when(payouts).deleteAllInBatch();
        doAnswer(call -> {
            rows.putIfAbsent(call.getArgument(0), new PayoutView(call.getArgument(0),
                    Mode.valueOf(call.getArgument(1)), call.getArgument(2), call.<Long>getArgument(3),
                    call.<Long>getArgument(4), call.<Long>getArgument(5), Rail.valueOf(call.getArgument(7)),
                    call.getArgument(8), call.getArgument(9), call.getArgument(10), call.<Long>getArgument(11)));
            return null;
        }).when(payouts).insertIfAbsent(anyString(), anyString(), anyString(), anyLong(), anyLong(), anyLong(),
                anyString(), anyString(), any(), any(), any(), anyLong());
        progress = new ProjectionProgress();
        projection = new PayoutProjection(payouts, progress);
    }

    @AfterEach
    void stopReaders() {
        readers.shutdownNow();
    }

    private static PayoutRequestedEvent requested(Rail rail, long amount, long fee) {
        return new PayoutRequestedEvent(PAYOUT, Mode.SANDBOX, WalletId.of(Mode.SANDBOX), DRIVER, amount, fee,
                amount - fee, rail, "week 3", "load-77", false, REQUESTED_AT);
    }

    // request

    @Test
    void aStandardRequestInsertsAValidatedPayoutWithEveryFieldOfTheEvent() {
        projection.on(STANDARD, 0);

        assertThat(row().version()).isZero();
        assertThat(row().toSummary("Ana Silva")).isEqualTo(new PayoutSummary(PAYOUT, "load-77", DRIVER, "Ana Silva",
                2_500, 0, 2_500, PayoutStatus.VALIDATED, Rail.STANDARD, "week 3", null, REQUESTED_AT, null, null,
                null, null, null, null));
    }

    @Test
    void anInstantRequestStartsProcessing() {
        projection.on(INSTANT, 0);

        PayoutSummary summary = row().toSummary(null);
        assertThat(summary.status()).isEqualTo(PayoutStatus.PROCESSING);
        assertThat(summary.rail()).isEqualTo(Rail.INSTANT);
        assertThat(summary.fee()).isEqualTo(150);
        assertThat(summary.netAmount()).isEqualTo(9_850);
    }

    @Test
    void redeliveredRequestLeavesTheExistingRowUnchanged() {
        projection.on(STANDARD, 0);
        projection.on(new PayoutQueuedEvent(PAYOUT, Mode.SANDBOX, QUEUED_AT), 1);

        projection.on(STANDARD, 0);

        assertThat(row().version()).isEqualTo(1);
        assertThat(row().status()).isEqualTo(PayoutStatus.QUEUED);
    }

    // transitions

    @Test
    void queuedSetsQueuedAtAndAdvancesTheVersion() {
        projection.on(STANDARD, 0);

        projection.on(new PayoutQueuedEvent(PAYOUT, Mode.SANDBOX, QUEUED_AT), 1);

        assertThat(row().version()).isEqualTo(1);
        assertThat(row().toSummary(null).status()).isEqualTo(PayoutStatus.QUEUED);
        assertThat(row().toSummary(null).queuedAt()).isEqualTo(QUEUED_AT);
    }

    @Test
    void aStandardPayoutGoesThroughTheRailToCompleted() {
        projection.on(STANDARD, 0);
        projection.on(new PayoutQueuedEvent(PAYOUT, Mode.SANDBOX, QUEUED_AT), 1);
        projection.on(new PayoutProcessingStartedEvent(PAYOUT, Mode.SANDBOX, STARTED_AT), 2);
        assertThat(row().status()).isEqualTo(PayoutStatus.PROCESSING);

        projection.on(new PayoutCompletedEvent(PAYOUT, Mode.SANDBOX, DRIVER, 2_500, 2_500, ENDED_AT), 3);

        PayoutSummary summary = row().toSummary(null);
        assertThat(row().version()).isEqualTo(3);
        assertThat(summary.status()).isEqualTo(PayoutStatus.COMPLETED);
        assertThat(summary.completedAt()).isEqualTo(ENDED_AT);
        assertThat(summary.queuedAt()).isEqualTo(QUEUED_AT);
        assertThat(summary.requestedAt()).isEqualTo(REQUESTED_AT);
    }

    @Test
    void failedRecordsWhenAndWhy() {
        projection.on(INSTANT, 0);

        projection.on(new PayoutFailedEvent(PAYOUT, Mode.SANDBOX, DRIVER, 10_000, "account closed", ENDED_AT), 1);

        PayoutSummary summary = row().toSummary(null);
        assertThat(summary.status()).isEqualTo(PayoutStatus.FAILED);
        assertThat(summary.failedAt()).isEqualTo(ENDED_AT);
        assertThat(summary.failureReason()).isEqualTo("account closed");
    }

    @Test
    void retriedGoesBackToQueuedAndKeepsTheLastFailureOnRecord() {
        projection.on(INSTANT, 0);
        projection.on(new PayoutFailedEvent(PAYOUT, Mode.SANDBOX, DRIVER, 10_000, "account closed", ENDED_AT), 1);

        projection.on(new PayoutRetriedEvent(PAYOUT, Mode.SANDBOX, 10_000, RETRIED_AT), 2);

        PayoutSummary summary = row().toSummary(null);
        assertThat(row().version()).isEqualTo(2);
        assertThat(summary.status()).isEqualTo(PayoutStatus.QUEUED);
        assertThat(summary.retriedAt()).isEqualTo(RETRIED_AT);
        assertThat(summary.failedAt()).isEqualTo(ENDED_AT);
        assertThat(summary.failureReason()).isEqualTo("account closed");
    }

    @Test
    void canceledSetsCanceledAt() {
        projection.on(STANDARD, 0);

        projection.on(new PayoutCanceledEvent(PAYOUT, Mode.SANDBOX, DRIVER, 2_500, ENDED_AT), 1);

        PayoutSummary summary = row().toSummary(null);
        assertThat(summary.status()).isEqualTo(PayoutStatus.CANCELED);
        assertThat(summary.canceledAt()).isEqualTo(ENDED_AT);
        assertThat(summary.completedAt()).isNull();
    }

    // idempotent replay

    @Test
    void ignoresAnEventAtOrBelowTheRowsVersion() {
        projection.on(STANDARD, 0);
        projection.on(new PayoutQueuedEvent(PAYOUT, Mode.SANDBOX, QUEUED_AT), 1);
        projection.on(new PayoutCanceledEvent(PAYOUT, Mode.SANDBOX, DRIVER, 2_500, ENDED_AT), 2);
        PayoutSummary before = row().toSummary(null);

        projection.on(new PayoutQueuedEvent(PAYOUT, Mode.SANDBOX, LATER), 1);
        projection.on(new PayoutFailedEvent(PAYOUT, Mode.SANDBOX, DRIVER, 2_500, "late duplicate", LATER), 2);

        assertThat(row().toSummary(null)).isEqualTo(before);
        assertThat(row().version()).isEqualTo(2);
    }

    // failures and reset

    @Test
    void failsLoudlyWhenAnUnknownPayoutChanges() {
        assertThatThrownBy(() -> projection.on(new PayoutQueuedEvent(UNKNOWN_PAYOUT, Mode.SANDBOX, QUEUED_AT), 1))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining(UNKNOWN_PAYOUT.value());
        assertThat(rows).isEmpty();
    }

    @Test
    void resetClearsTheTable() {
        projection.on(STANDARD, 0);

        projection.onReset();

        assertThat(rows).isEmpty();
    }

    // read-your-writes

    @Test
    void requestAnnouncesItsSequenceSoAWaitingReaderWakes() throws Exception {
        CompletableFuture<Boolean> reader = readerWaitingFor(0);

        projection.on(STANDARD, 0);

        assertThat(reader.get(5, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void appliedChangeAnnouncesItsSequenceSoAWaitingReaderWakes() throws Exception {
        projection.on(STANDARD, 0);
        CompletableFuture<Boolean> reader = readerWaitingFor(1);

        projection.on(new PayoutCanceledEvent(PAYOUT, Mode.SANDBOX, DRIVER, 2_500, ENDED_AT), 1);

        assertThat(reader.get(5, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void aSkippedDuplicateStillAnnouncesItsSequence() throws Exception {
        projection.on(STANDARD, 0);
        projection.on(new PayoutQueuedEvent(PAYOUT, Mode.SANDBOX, QUEUED_AT), 1);
        CompletableFuture<Boolean> reader = readerWaitingFor(1);

        projection.on(new PayoutQueuedEvent(PAYOUT, Mode.SANDBOX, QUEUED_AT), 1);

        assertThat(reader.get(5, TimeUnit.SECONDS)).isTrue();
    }

    /** A reader on another thread whose own look never satisfies it: only an announcement releases it in time. */
    private CompletableFuture<Boolean> readerWaitingFor(long minVersion) throws Exception {
        CompletableFuture<Void> registered = new CompletableFuture<>();
        CompletableFuture<Boolean> reader = CompletableFuture.supplyAsync(() -> progress.await(PAYOUT.value(),
                minVersion, () -> {
                    registered.complete(null);
                    return -1;
                }, Duration.ofMillis(500)), readers);
        registered.get(5, TimeUnit.SECONDS);
        return reader;
    }

    private PayoutView row() {
        assertThat(rows).containsKey(PAYOUT.value());
        return rows.get(PAYOUT.value());
    }
}
