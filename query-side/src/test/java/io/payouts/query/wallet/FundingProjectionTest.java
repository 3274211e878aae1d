package io.payouts.query.wallet;

import io.payouts.query.batch.BatchFixtures;
import io.payouts.query.consistency.ConsistencyFixtures;
import io.payouts.query.payout.PayoutFixtures;
import io.payouts.testsupport.DatabaseTest;
import io.payouts.query.QuerySideDatabase;
import io.payouts.testsupport.ReadModelDatabase;
import io.payouts.shared.Mode;
import io.payouts.shared.batch.BatchCreatedEvent;
import io.payouts.shared.batch.BatchId;
import io.payouts.shared.batch.BatchPayoutLine;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.payout.PayoutCompletedEvent;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.PayoutQueuedEvent;
import io.payouts.shared.payout.PayoutRequestedEvent;
import io.payouts.shared.payout.PayoutRequestedInBatchEvent;
import io.payouts.shared.payout.Rail;
import io.payouts.shared.wallet.FindFundingProjectionQuery;
import io.payouts.shared.wallet.FundingProjection.DailyOutflow;
import io.payouts.shared.wallet.FundingProjection;
import io.payouts.shared.wallet.FundsReservedEvent;
import io.payouts.shared.wallet.Reservation;
import io.payouts.shared.wallet.TopUpRequestedEvent;
import io.payouts.shared.wallet.TopUpSettledEvent;
import io.payouts.shared.wallet.TransactionId;
import io.payouts.shared.wallet.WalletEvent;
import io.payouts.shared.wallet.WalletId;
import io.payouts.shared.wallet.WalletOpenedEvent;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.LocalDate;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The funding projection: the funds held (available + in transit), minus what the in-flight payouts take today and
 * the queued batches take on their days, over the window asked for.
 */
@DatabaseTest
class FundingProjectionTest {

    private static final ReadModelDatabase DATABASE = QuerySideDatabase.migrated();
    private static final WalletId SANDBOX = WalletId.of(Mode.SANDBOX);
    private static final DriverId DRIVER = new DriverId("drv_" + "0".repeat(31) + "1");
    private static final LocalDate TODAY = LocalDate.of(2025, 1, 30);
    private static final Instant NOW = Instant.parse("2025-01-30T09:00:00Z");

    private final WalletRows wallets = new WalletRows(DATABASE.jdbc());
    private final WalletProjection projection = new WalletProjection(wallets, new TopUpRows(DATABASE.jdbc()),
            new FundingTransactionRows(DATABASE.jdbc()), new WalletMovements(DATABASE.jdbc()),
            ConsistencyFixtures.eventStreamPositions(DATABASE.jdbc()));
    private final StoredEvents events = new StoredEvents(DATABASE);
    private final WalletQueryHandler handler = new WalletQueryHandler(wallets,
            new FundingTransactionRows(DATABASE.jdbc()),
            new FundingStatements(new FundingStatementRows(DATABASE.jdbc())),
            PayoutFixtures.inFlightPayouts(DATABASE.jdbc()),
            BatchFixtures.scheduledBatchOutflow(DATABASE.jdbc()),
            ConsistencyFixtures.noProcessors(DATABASE.jdbc()));

    @BeforeEach
    void aWalletHoldingFiftyThousandOfWhichTwelveThousandInTransit() {
        DATABASE.empty();
        TransactionId topUp = new TransactionId("txn_" + "a".repeat(32));
        project(0, new WalletOpenedEvent(SANDBOX, Mode.SANDBOX, NOW));
        project(1, new TopUpRequestedEvent(SANDBOX, Mode.SANDBOX, topUp, 50_000, null, "wire", NOW));
        project(2, new TopUpSettledEvent(SANDBOX, Mode.SANDBOX, topUp, 50_000, null, "automatic", NOW));
        project(3, new FundsReservedEvent(SANDBOX, Mode.SANDBOX, List.of(new Reservation(payout(1), 12_000)), NOW));
    }

    private void project(long sequence, WalletEvent event) {
        projection.on(event, sequence, events.of(SANDBOX.value(), sequence, event));
    }

    @Test
    void theInFlightPayoutsAreDueTodayAndComeOffTheFundsHeld() {
        requested(1, 10_000);
        requested(2, 5_000);
        projectPayout(2, 1, new PayoutQueuedEvent(payout(2), Mode.SANDBOX, NOW));
        requested(3, 4_000);
        projectPayout(3, 1, new PayoutCompletedEvent(payout(3), Mode.SANDBOX, DRIVER, 4_000, 4_000, NOW));

        FundingProjection funding = handler.handle(new FindFundingProjectionQuery(Mode.SANDBOX, 3, TODAY));

        assertThat(funding).isEqualTo(new FundingProjection(50_000, 35_000, 15_000, List.of(
                new DailyOutflow(TODAY, 15_000),
                new DailyOutflow(TODAY.plusDays(1), 0),
                new DailyOutflow(TODAY.plusDays(2), 0))));
    }

    @Test
    void queuedBatchesAreDueOnTheirScheduledDayWithinTheWindow() {
        requested(1, 2_000);
        batchCreated(1, null, 1_000);
        batchCreated(2, Instant.parse("2025-02-01T08:00:00Z"), 30_000);
        batchCreated(3, Instant.parse("2025-02-02T08:00:00Z"), 7_000);
        inBatchPending(4, 900);

        FundingProjection funding = handler.handle(new FindFundingProjectionQuery(Mode.SANDBOX, 3, TODAY));

        assertThat(funding).as("a batch's pending payouts hold no funds: the batch counts on its day instead")
                .isEqualTo(new FundingProjection(50_000, 17_000, 33_000, List.of(
                        new DailyOutflow(TODAY, 3_000),
                        new DailyOutflow(TODAY.plusDays(1), 0),
                        new DailyOutflow(TODAY.plusDays(2), 30_000))));
    }

    @Test
    void theWindowHasOneEntryPerDay() {
        FundingProjection funding = handler.handle(new FindFundingProjectionQuery(Mode.SANDBOX, 90,
                LocalDate.of(2025, 1, 1)));

        assertThat(funding.dailyProjection()).hasSize(90);
        assertThat(funding.dailyProjection().get(89).date()).isEqualTo(LocalDate.of(2025, 3, 31));
        assertThat(funding.projectedBalance()).isEqualTo(funding.currentBalance()).isEqualTo(50_000);
    }

    @Test
    void aModeWithoutAWalletProjectsFromZero() {
        FundingProjection funding = handler.handle(new FindFundingProjectionQuery(Mode.PRODUCTION, 1, TODAY));

        assertThat(funding).isEqualTo(new FundingProjection(0, 0, 0, List.of(new DailyOutflow(TODAY, 0))));
    }

    private static void requested(int n, long amount) {
        projectPayout(n, 0, new PayoutRequestedEvent(payout(n), Mode.SANDBOX, SANDBOX, DRIVER, amount, 0, amount,
                Rail.STANDARD, null, null, NOW));
    }

    private static void inBatchPending(int n, long amount) {
        projectPayout(n, 0, new PayoutRequestedInBatchEvent(payout(n), Mode.SANDBOX, SANDBOX, batch(1), DRIVER,
                amount, 0, amount, Rail.STANDARD, null, null, NOW));
    }

    private static void projectPayout(int n, long sequence, Object event) {
        PayoutFixtures.projected(DATABASE.jdbc(), payout(n).value(), sequence, event);
    }

    private static void batchCreated(int n, Instant scheduledFor, long amount) {
        BatchFixtures.projected(DATABASE.jdbc(), batch(n).value(), 0, new BatchCreatedEvent(batch(n), Mode.SANDBOX,
                "Batch " + n, Rail.STANDARD, scheduledFor,
                List.of(new BatchPayoutLine(payout(100 + n), DRIVER, amount, 0)), 1, amount, 0, amount, NOW));
    }

    private static PayoutId payout(int n) {
        return new PayoutId(String.format("pay_%032x", n));
    }

    private static BatchId batch(int n) {
        return new BatchId(String.format("batch_%032x", n));
    }
}
