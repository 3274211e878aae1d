package io.payouts.query.driver;

import io.payouts.shared.Mode;
import io.payouts.shared.batch.BatchId;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.payout.PayoutCanceledEvent;
import io.payouts.shared.payout.PayoutCompletedEvent;
import io.payouts.shared.payout.PayoutFailedEvent;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.PayoutQueuedEvent;
import io.payouts.shared.payout.PayoutRequestedEvent;
import io.payouts.shared.payout.PayoutRequestedInBatchEvent;
import io.payouts.shared.payout.PayoutRetriedEvent;
import io.payouts.shared.payout.Rail;
import io.payouts.shared.wallet.WalletId;
import org.axonframework.eventhandling.GenericDomainEventMessage;
import org.axonframework.eventsourcing.eventstore.DomainEventStream;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

class DriverTotalsProjectionTest {

    private static final DriverId ANA = new DriverId("drv_" + "0".repeat(31) + "1");
    private static final DriverId BEN = new DriverId("drv_" + "0".repeat(31) + "2");
    private static final DriverId UNKNOWN = new DriverId("drv_" + "0".repeat(31) + "9");
    private static final Instant AT = Instant.parse("2025-01-15T09:00:00Z");

    /** total_paid and pending_payouts by driver, as the targeted UPDATE statements change them. */
    private final Map<String, long[]> totals = new HashMap<>();
    private final Map<String, DomainEventStream> streams = new HashMap<>();
    private DriverViewRepository drivers;
    private EventStore eventStore;
    private DriverTotalsProjection projection;

    @BeforeEach
    void setUp() {
        totals.put(ANA.value(), new long[2]);
        totals.put(BEN.value(), new long[2]);
        drivers = mock(DriverViewRepository.class);
        when(drivers.addToPendingPayouts(anyString(), anyLong())).thenAnswer(call -> {
            long[] row = totals.get(call.<String>getArgument(0));
            if (row == null) {
                return 0;
            }
            row[1] += call.<Long>getArgument(1);
            return 1;
        });
        when(drivers.recordCompletedPayout(anyString(), anyLong())).thenAnswer(call -> {
            long[] row = totals.get(call.<String>getArgument(0));
            if (row == null) {
                return 0;
            }
            row[0] += call.<Long>getArgument(1);
            row[1] -= 1;
            return 1;
        });
        eventStore = mock(EventStore.class);
        when(eventStore.readEvents(anyString(), anyLong())).thenAnswer(call -> streams.get(call.<String>getArgument(0)));
        projection = new DriverTotalsProjection(drivers, eventStore);
    }

    @Test
    void aRequestedPayoutIsPendingUntilItCompletesAndThenCountsAsPaid() {
        PayoutId payout = payout(1);
        projection.on(requested(payout, ANA, 2_500));
        assertTotals(ANA, 0, 1);

        projection.on(new PayoutCompletedEvent(payout, Mode.SANDBOX, ANA, 2_500, 2_500, AT));

        assertTotals(ANA, 2_500, 0);
    }

    @Test
    void failedAndCanceledPayoutsStopBeingPendingAndAreNotPaid() {
        projection.on(requested(payout(1), ANA, 2_500));
        projection.on(requested(payout(2), ANA, 4_000));

        projection.on(new PayoutFailedEvent(payout(1), Mode.SANDBOX, ANA, 2_500, "account closed", AT));
        projection.on(new PayoutCanceledEvent(payout(2), Mode.SANDBOX, ANA, 4_000, AT));

        assertTotals(ANA, 0, 0);
    }

    @Test
    void aRetriedPayoutIsPendingAgainForTheDriverItsRequestNamed() {
        PayoutId payout = payout(1);
        PayoutRequestedEvent request = requested(payout, BEN, 7_000);
        projection.on(request);
        projection.on(new PayoutFailedEvent(payout, Mode.SANDBOX, BEN, 7_000, "account closed", AT));
        streams.put(payout.value(), DomainEventStream.of(
                new GenericDomainEventMessage<>("Payout", payout.value(), 0, request),
                new GenericDomainEventMessage<>("Payout", payout.value(), 1,
                        new PayoutQueuedEvent(payout, Mode.SANDBOX, AT))));

        projection.on(new PayoutRetriedEvent(payout, Mode.SANDBOX, 7_000, AT));
        assertTotals(BEN, 0, 1);
        projection.on(new PayoutCompletedEvent(payout, Mode.SANDBOX, BEN, 7_000, 7_000, AT));

        assertTotals(BEN, 7_000, 0);
        assertTotals(ANA, 0, 0);
        verify(eventStore).readEvents(payout.value(), 0);
    }

    @Test
    void aBatchPayoutIsPendingFromItsCreationThroughItsReleaseAndARetryFindsItsDriver() {
        PayoutId payout = payout(1);
        PayoutRequestedInBatchEvent request = new PayoutRequestedInBatchEvent(payout, Mode.SANDBOX,
                WalletId.of(Mode.SANDBOX), new BatchId("batch_" + "0".repeat(31) + "1"), BEN, 3_000, 0, 3_000,
                Rail.STANDARD, null, null, false, AT);
        projection.on(request);
        assertTotals(BEN, 0, 1);
        projection.on(new PayoutFailedEvent(payout, Mode.SANDBOX, BEN, 3_000, "account closed", AT));
        streams.put(payout.value(), DomainEventStream.of(
                new GenericDomainEventMessage<>("Payout", payout.value(), 0, request)));

        projection.on(new PayoutRetriedEvent(payout, Mode.SANDBOX, 3_000, AT));

        assertTotals(BEN, 0, 1);
    }

    @Test
    void aBatchPayoutCanceledBeforeItsReleaseStopsBeingPending() {
        projection.on(new PayoutRequestedInBatchEvent(payout(1), Mode.SANDBOX, WalletId.of(Mode.SANDBOX),
                new BatchId("batch_" + "0".repeat(31) + "1"), ANA, 3_000, 0, 3_000, Rail.STANDARD, null, null, false,
                AT));

        projection.on(new PayoutCanceledEvent(payout(1), Mode.SANDBOX, ANA, 3_000, AT));

        assertTotals(ANA, 0, 0);
    }

    @Test
    void addsUpManyPayoutsPerDriver() {
        for (int i = 1; i <= 5; i++) {
            projection.on(requested(payout(i), ANA, 1_000L * i));
        }
        projection.on(new PayoutCompletedEvent(payout(1), Mode.SANDBOX, ANA, 1_000, 1_000, AT));
        projection.on(new PayoutCompletedEvent(payout(3), Mode.SANDBOX, ANA, 3_000, 3_000, AT));
        projection.on(new PayoutCanceledEvent(payout(5), Mode.SANDBOX, ANA, 5_000, AT));

        assertTotals(ANA, 4_000, 2);
    }

    @Test
    void failsLoudlyForADriverNotInTheReadModel() {
        assertThatThrownBy(() -> projection.on(requested(payout(1), UNKNOWN, 2_500)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining(UNKNOWN.value());
        assertThatThrownBy(() -> projection.on(new PayoutCompletedEvent(payout(1), Mode.SANDBOX, UNKNOWN, 2_500,
                2_500, AT)))
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void failsLoudlyWhenARetriedPayoutHasNoRequestInTheEventStore() {
        PayoutId payout = payout(1);
        streams.put(payout.value(), DomainEventStream.empty());

        assertThatThrownBy(() -> projection.on(new PayoutRetriedEvent(payout, Mode.SANDBOX, 2_500, AT)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining(payout.value());
        verify(drivers, never()).addToPendingPayouts(anyString(), anyLong());
    }

    private static PayoutId payout(int n) {
        return new PayoutId("pay_" + String.format("%032x", n));
    }

    private static PayoutRequestedEvent requested(PayoutId payout, DriverId driver, long amount) {
        return new PayoutRequestedEvent(payout, Mode.SANDBOX, WalletId.of(Mode.SANDBOX), driver, amount, 0, amount,
                Rail.STANDARD, null, null, false, AT);
    }

    private void assertTotals(DriverId driver, long totalPaid, long pendingPayouts) {
        assertThat(totals.get(driver.value())).as("total paid, pending payouts of " + driver)
                .containsExactly(totalPaid, pendingPayouts);
    }
}
