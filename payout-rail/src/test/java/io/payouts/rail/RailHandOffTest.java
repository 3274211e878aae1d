package io.payouts.rail;

import io.payouts.testsupport.DatabaseTest;
import io.payouts.testsupport.ReadModelDatabase;
import io.payouts.shared.Mode;
import io.payouts.shared.batch.BatchId;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.eventhandling.BatchedEventHandler.Collected;
import io.payouts.shared.payout.PayoutCompletedEvent;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.PayoutProcessingStartedEvent;
import io.payouts.shared.payout.PayoutQueuedEvent;
import io.payouts.shared.payout.PayoutRequestedEvent;
import io.payouts.shared.payout.PayoutApprovedEvent;
import io.payouts.shared.payout.PayoutReleasedEvent;
import io.payouts.shared.payout.PayoutRetriedEvent;
import io.payouts.shared.payout.PayoutReturnedEvent;
import io.payouts.shared.payout.PayoutStatus;
import io.payouts.shared.payout.Rail;
import io.payouts.shared.wallet.WalletId;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The hand-off takes a processor batch of events at once, in stream order, on PostgreSQL (ADR-0024). */
@DatabaseTest
class RailHandOffTest {

    private static final ReadModelDatabase DATABASE = ReadModelDatabase.migrated("payout-rail", "query-side");
    private static final DriverId DRIVER = new DriverId("drv_" + "0".repeat(31) + "1");
    private static final BatchId BATCH = new BatchId("batch_" + "0".repeat(31) + "1");
    private static final Instant AT = Instant.parse("2025-01-15T09:00:00Z");

    private final RecordingRail rail = new RecordingRail();
    private final RailPayments payments = new RailPayments(DATABASE.jdbc());
    private final RailHandOff handOff = new RailHandOff(rail, payments);

    @BeforeEach
    void startFromNothing() {
        DATABASE.jdbc().execute("truncate table rail_payment");
    }

    @Test
    void aPayoutRequestedAndQueuedInOneBatchIsPaidThenRecordedWithItsPayment() {
        handOff.apply(List.of(new Collected(payout(1).value(), requested(payout(1)), 0),
                new Collected(payout(2).value(), requested(payout(2)), 0),
                new Collected(payout(1).value(), new PayoutQueuedEvent(payout(1), Mode.SANDBOX, AT), 1)));

        assertThat(rail.paid).extracting(RailPayment::payoutId).containsExactly(payout(1), payout(2));
        assertThat(rail.recorded).containsExactly(new PayoutRail.RecordedMove(rail.paid.get(0), PayoutStatus.QUEUED,
                1));
        assertThat(payments.findAll(List.of(payout(1), payout(2)))).containsOnlyKeys(payout(1), payout(2));
    }

    @Test
    void laterEventsFindThePaymentHeldByAnEarlierBatchAndARetryStartsANewAttempt() {
        handOff.apply(List.of(new Collected(payout(1).value(), requested(payout(1)), 0)));

        handOff.apply(List.of(
                new Collected(payout(1).value(), new PayoutRetriedEvent(payout(1), Mode.SANDBOX, 1_000, AT), 4),
                new Collected(payout(1).value(), new PayoutProcessingStartedEvent(payout(1), Mode.SANDBOX, AT), 5)));

        assertThat(rail.paid).extracting(RailPayment::attempt).containsExactly(0L, 4L);
        assertThat(rail.recorded).singleElement().satisfies(move -> {
            assertThat(move.payment().attempt()).isEqualTo(4);
            assertThat(move.status()).isEqualTo(PayoutStatus.PROCESSING);
            assertThat(move.version()).isEqualTo(5);
        });
        assertThat(payments.findAll(List.of(payout(1))).get(payout(1)).attempt()).isEqualTo(4);
    }

    @Test
    void aCompletedPayoutIsForgottenAndALaterMoveOfItIsSkippedWithoutStoppingTheOthers() {
        handOff.apply(List.of(new Collected(payout(1).value(), requested(payout(1)), 0),
                new Collected(payout(2).value(), requested(payout(2)), 0)));

        handOff.apply(List.of(
                new Collected(payout(1).value(), new PayoutCompletedEvent(payout(1), Mode.SANDBOX, DRIVER, 1_000,
                        1_000, AT), 3),
                new Collected(payout(1).value(), new PayoutQueuedEvent(payout(1), Mode.SANDBOX, AT), 4),
                new Collected(payout(2).value(), new PayoutQueuedEvent(payout(2), Mode.SANDBOX, AT), 1)));

        assertThat(payments.findAll(List.of(payout(1), payout(2)))).containsOnlyKeys(payout(2));
        assertThat(rail.recorded).extracting(move -> move.payment().payoutId()).containsExactly(payout(2));
    }

    @Test
    void aCompletedPayoutTheBankReturnsIsHeldAgainUnpaidAndItsRetryReachesTheRail() {
        handOff.apply(List.of(new Collected(payout(1).value(), requested(payout(1)), 0)));
        handOff.on(new PayoutCompletedEvent(payout(1), Mode.SANDBOX, DRIVER, 1_000, 1_000, AT), 3, null);

        handOff.on(new PayoutReturnedEvent(payout(1), Mode.SANDBOX, DRIVER, 1_000, 1_000, Rail.STANDARD,
                "AC04 closed account number", AT), 4, "payout_failed");

        assertThat(rail.paid).extracting(RailPayment::attempt).containsExactly(0L);
        assertThat(payments.findAll(List.of(payout(1))).get(payout(1))).satisfies(held -> {
            assertThat(held.attempt()).isEqualTo(4);
            assertThat(held.failOnRail()).as("the scenario forced only the first attempt").isFalse();
        });

        handOff.on(new PayoutRetriedEvent(payout(1), Mode.SANDBOX, 1_000, AT), 5, null);

        assertThat(rail.paid).extracting(RailPayment::attempt).containsExactly(0L, 5L);
        assertThat(rail.paid.get(1).retry()).isTrue();
    }

    @Test
    void aReleasedPayoutIsPaidWithItsBatchAndTheScenarioInItsMetadata() {
        handOff.on(new PayoutReleasedEvent(payout(1), Mode.SANDBOX, BATCH, DRIVER, 1_000, Rail.STANDARD, AT), 2,
                "payout_failed");

        assertThat(rail.paid).singleElement().satisfies(paid -> {
            assertThat(paid.batchId()).isEqualTo(BATCH);
            assertThat(paid.failOnRail()).isTrue();
            assertThat(paid.attempt()).isEqualTo(2);
            assertThat(paid.retry()).isFalse();
        });
    }

    @Test
    void anApprovedPayoutIsPaidAtOnceOnItsOwnWithTheScenarioInItsMetadata() {
        handOff.on(new PayoutApprovedEvent(payout(1), Mode.SANDBOX, DRIVER, 150_050, 150_000, Rail.INSTANT,
                "usr_approver", AT),
                1, "payout_failed");

        assertThat(rail.paid).singleElement().satisfies(paid -> {
            assertThat(paid.batchId()).isNull();
            assertThat(paid.netAmount()).isEqualTo(150_000);
            assertThat(paid.failOnRail()).isTrue();
            assertThat(paid.attempt()).isEqualTo(1);
            assertThat(paid.retry()).isFalse();
        });
    }

    @Test
    void aRedeliveredRequestChangesNothing() {
        handOff.apply(List.of(new Collected(payout(1).value(), requested(payout(1)), 0)));
        handOff.apply(List.of(
                new Collected(payout(1).value(), new PayoutRetriedEvent(payout(1), Mode.SANDBOX, 1_000, AT), 4)));

        handOff.apply(List.of(new Collected(payout(1).value(), requested(payout(1)), 0)));

        assertThat(payments.findAll(List.of(payout(1))).get(payout(1)).attempt()).isEqualTo(4);
    }

    private static PayoutId payout(int n) {
        return new PayoutId(String.format("pay_%032x", n));
    }

    /** A payout requested at sequence 0, as the hand-off's handler collects it. */
    private static RailHandOff.Handed requested(PayoutId payoutId) {
        return RailHandOff.handed(new PayoutRequestedEvent(payoutId, Mode.SANDBOX, WalletId.of(Mode.SANDBOX), DRIVER,
                1_000, 0, 1_000, Rail.STANDARD, "week 3", null, AT), 0, null);
    }

    private static final class RecordingRail implements PayoutRail {

        private final List<RailPayment> paid = new ArrayList<>();
        private final List<RecordedMove> recorded = new ArrayList<>();

        @Override
        public String name() {
            return "recording";
        }

        @Override
        public void pay(List<RailPayment> payments) {
            paid.addAll(payments);
        }

        @Override
        public void recorded(List<RecordedMove> moves) {
            recorded.addAll(moves);
        }
    }
}
