package io.payouts.query.payout;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.payouts.testsupport.DatabaseTest;
import io.payouts.query.QuerySideDatabase;
import io.payouts.testsupport.ReadModelDatabase;
import io.payouts.shared.Mode;
import io.payouts.shared.eventhandling.ProcessingGroups;
import io.payouts.shared.batch.BatchId;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.eventhandling.BatchedEventHandler.Collected;
import io.payouts.shared.payout.PayoutCanceledEvent;
import io.payouts.shared.payout.PayoutCompletedEvent;
import io.payouts.shared.payout.PayoutFailedEvent;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.PayoutProcessingStartedEvent;
import io.payouts.shared.payout.PayoutQueuedEvent;
import io.payouts.shared.payout.PayoutReleasedEvent;
import io.payouts.shared.payout.PayoutRequestedEvent;
import io.payouts.shared.payout.PayoutRequestedInBatchEvent;
import io.payouts.shared.payout.PayoutRetriedEvent;
import io.payouts.shared.payout.PayoutReturnedEvent;
import io.payouts.shared.payout.PayoutStatus;
import io.payouts.shared.payout.Rail;
import io.payouts.shared.wallet.WalletId;
import org.axonframework.messaging.unitofwork.CurrentUnitOfWork;
import org.axonframework.messaging.unitofwork.DefaultUnitOfWork;
import org.axonframework.messaging.unitofwork.UnitOfWork;
import org.axonframework.serialization.Serializer;
import org.axonframework.serialization.SimpleSerializedObject;
import org.axonframework.serialization.SimpleSerializedType;
import org.axonframework.serialization.json.JacksonSerializer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static io.payouts.testsupport.ProcessorBatches.inOneBatch;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The payout projection on PostgreSQL: payout rows and the drivers' totals written together, a batch at a time, and
 * neither moved by a redelivered event.
 */
@DatabaseTest
class PayoutProjectionTest {

    private static final ReadModelDatabase DATABASE = QuerySideDatabase.migrated();
    private static final DriverId ANA = new DriverId("drv_" + "0".repeat(31) + "1");
    private static final DriverId BEN = new DriverId("drv_" + "0".repeat(31) + "2");
    private static final BatchId BATCH = new BatchId("batch_" + "0".repeat(31) + "1");
    private static final Instant AT = Instant.parse("2025-01-15T09:00:00Z");

    private final PayoutRows rows = new PayoutRows(DATABASE.jdbc());
    private final PayoutProjection projection = new PayoutProjection(rows, new DriverTotals(DATABASE.jdbc()),
            PayoutFixtures.indexes(DATABASE.jdbc()));

    @BeforeEach
    void startFromNothing() {
        DATABASE.empty();
    }

    @AfterEach
    void endUnitsOfWork() {
        while (CurrentUnitOfWork.isStarted()) {
            CurrentUnitOfWork.get().rollback();
        }
    }

    @Test
    void withoutAUnitOfWorkEachHandledEventIsWrittenAtOnce() {
        projection.on(requested(1, ANA, 2_500), 0);
        assertThat(status(1)).isEqualTo(PayoutStatus.VALIDATED);
        assertThat(totals()).containsEntry(ANA.value(), "0 paid, 1 pending");

        projection.on(new PayoutQueuedEvent(payout(1), Mode.SANDBOX, AT), 1);
        projection.on(new PayoutProcessingStartedEvent(payout(1), Mode.SANDBOX, AT), 2);
        projection.on(completed(1, ANA, 2_500), 3);

        assertThat(status(1)).isEqualTo(PayoutStatus.COMPLETED);
        assertThat(rows.byIds(List.of(payout(1).value())).get(payout(1).value()).version()).isEqualTo(3);
        assertThat(totals()).containsEntry(ANA.value(), "2500 paid, 0 pending");
    }

    @Test
    void storesWhoTheRequestSaysAskedForThePayout() {
        PayoutRequestedEvent plain = requested(1, ANA, 2_500);
        projection.on(new PayoutRequestedEvent(plain.payoutId(), plain.mode(), plain.walletId(), plain.driverId(),
                plain.amount(), plain.fee(), plain.netAmount(), plain.rail(), plain.description(), plain.loadId(),
                plain.requestedAt(), "driver-app: Ana"), 0);
        projection.on(new PayoutQueuedEvent(payout(1), Mode.SANDBOX, AT), 1);

        assertThat(requestedBy(1)).as("kept as the payout moves on").isEqualTo("driver-app: Ana");
        assertThat(rows.byIds(List.of(payout(1).value())).get(payout(1).value()).toSummary(null).requestedBy())
                .isEqualTo("driver-app: Ana");
    }

    /** The JSON the event store holds for a payout requested before requests could name who asked for it. */
    @Test
    void aRequestedEventStoredBeforeRequestsNamedARequesterReplaysToTheRowItMadeThen() {
        String stored = """
                {"payoutId":{"value":"%s"},"mode":"SANDBOX","walletId":{"value":"wallet_sandbox"},\
                "driverId":{"value":"%s"},"amount":2500,"fee":0,"netAmount":2500,"rail":"STANDARD",\
                "description":null,"loadId":null,"requestedAt":"2025-01-15T09:00:00Z"}"""
                .formatted(payout(1).value(), ANA.value());
        Serializer serializer = JacksonSerializer.builder()
                .objectMapper(new ObjectMapper().findAndRegisterModules()).build();
        Object event = serializer.deserialize(new SimpleSerializedObject<>(stored.getBytes(StandardCharsets.UTF_8),
                byte[].class, new SimpleSerializedType(PayoutRequestedEvent.class.getName(), "2")));

        projection.on((PayoutRequestedEvent) event, 0);

        assertThat(event).isEqualTo(requested(1, ANA, 2_500));
        assertThat(requestedBy(1)).isNull();
        assertThat(rows.byIds(List.of(payout(1).value())).get(payout(1).value()))
                .isEqualTo(PayoutRow.started(requested(1, ANA, 2_500), 0).orElseThrow());
    }

    @Test
    void everyHandlerReachesTheRow() {
        projection.on(requestedInBatch(1, ANA, 3_000), 0);
        assertThat(status(1)).isEqualTo(PayoutStatus.PENDING);
        projection.on(new PayoutReleasedEvent(payout(1), Mode.SANDBOX, BATCH, ANA, 3_000, Rail.STANDARD, AT),
                1);
        assertThat(status(1)).isEqualTo(PayoutStatus.VALIDATED);
        projection.on(new PayoutQueuedEvent(payout(1), Mode.SANDBOX, AT), 2);
        projection.on(new PayoutProcessingStartedEvent(payout(1), Mode.SANDBOX, AT), 3);
        projection.on(new PayoutFailedEvent(payout(1), Mode.SANDBOX, ANA, 3_000, "account closed", AT), 4);
        assertThat(status(1)).isEqualTo(PayoutStatus.FAILED);
        projection.on(new PayoutRetriedEvent(payout(1), Mode.SANDBOX, 3_000, AT), 5);
        assertThat(status(1)).isEqualTo(PayoutStatus.QUEUED);
        projection.on(new PayoutCanceledEvent(payout(1), Mode.SANDBOX, ANA, 3_000, AT), 6);

        assertThat(status(1)).isEqualTo(PayoutStatus.CANCELED);
        assertThat(totals()).as("its only payout ended unpaid: no totals, as after a rebuild").isEmpty();
    }

    @Test
    void theTotalsAreTheSameWhetherAPayoutsEventsFallInOneBatchOrInSeveral() {
        inOneBatch(projection::on, List.of(on(1, 0, requested(1, ANA, 2_500)), on(2, 0, requested(2, BEN, 4_000)),
                on(3, 0, requested(3, BEN, 500))));
        inOneBatch(projection::on, List.of(on(1, 1, new PayoutCanceledEvent(payout(1), Mode.SANDBOX, ANA, 2_500, AT)),
                on(2, 1, new PayoutFailedEvent(payout(2), Mode.SANDBOX, BEN, 4_000, "closed", AT))));
        Map<String, String> live = totals();

        projection.onReset();
        inOneBatch(projection::on, List.of(on(1, 0, requested(1, ANA, 2_500)), on(2, 0, requested(2, BEN, 4_000)),
                on(3, 0, requested(3, BEN, 500)),
                on(1, 1, new PayoutCanceledEvent(payout(1), Mode.SANDBOX, ANA, 2_500, AT)),
                on(2, 1, new PayoutFailedEvent(payout(2), Mode.SANDBOX, BEN, 4_000, "closed", AT))));

        assertThat(totals()).isEqualTo(live).containsExactlyEntriesOf(Map.of(BEN.value(), "0 paid, 1 pending"));
    }

    @Test
    void aCompletedPayoutTheBankReturnsIsFailedAndNoLongerCountsAsPaid() {
        inOneBatch(projection::on, List.of(on(1, 0, requested(1, ANA, 2_500)), on(2, 0, requested(2, BEN, 4_000)),
                on(1, 1, completed(1, ANA, 2_500)), on(2, 1, completed(2, BEN, 4_000))));
        inOneBatch(projection::on, List.of(on(1, 2, returned(1, ANA, 2_500))));
        Map<String, String> live = totals();

        PayoutRow row = rows.byIds(List.of(payout(1).value())).get(payout(1).value());
        assertThat(row.status()).isEqualTo(PayoutStatus.FAILED);
        assertThat(row.failureReason()).isEqualTo("returned: AC04 closed account number");
        assertThat(row.completedAt()).as("the completion the bank undid").isEqualTo(AT);

        projection.onReset();
        inOneBatch(projection::on, List.of(on(1, 0, requested(1, ANA, 2_500)), on(2, 0, requested(2, BEN, 4_000)),
                on(1, 1, completed(1, ANA, 2_500)), on(2, 1, completed(2, BEN, 4_000)),
                on(1, 2, returned(1, ANA, 2_500))));

        assertThat(totals()).as("ANA's only payout came back: no totals, as after a rebuild").isEqualTo(live)
                .containsExactlyEntriesOf(Map.of(BEN.value(), "4000 paid, 0 pending"));
    }

    @Test
    void aBatchFoldsEachPayoutsEventsAndAddsUpTheirMovesPerDriver() {
        inOneBatch(projection::on, List.of(
                on(1, 0, requested(1, ANA, 1_000)),
                on(2, 0, requested(2, ANA, 3_000)),
                on(3, 0, requested(3, BEN, 7_000)),
                on(1, 1, completed(1, ANA, 1_000)),
                on(3, 1, new PayoutCanceledEvent(payout(3), Mode.SANDBOX, BEN, 7_000, AT)),
                on(4, 0, requested(4, BEN, 500))));

        assertThat(status(1)).isEqualTo(PayoutStatus.COMPLETED);
        assertThat(status(3)).isEqualTo(PayoutStatus.CANCELED);
        assertThat(totals()).containsExactlyInAnyOrderEntriesOf(Map.of(
                ANA.value(), "1000 paid, 1 pending",
                BEN.value(), "0 paid, 1 pending"));
    }

    @Test
    void theTotalsFollowAPayoutAcrossBatches() {
        inOneBatch(projection::on, List.of(on(1, 0, requested(1, ANA, 2_500)), on(2, 0, requested(2, ANA, 4_000))));
        inOneBatch(projection::on, List.of(on(1, 1, new PayoutFailedEvent(payout(1), Mode.SANDBOX, ANA, 2_500,
                "closed", AT))));
        assertThat(totals()).containsEntry(ANA.value(), "0 paid, 1 pending");

        inOneBatch(projection::on, List.of(on(1, 2, new PayoutRetriedEvent(payout(1), Mode.SANDBOX, 2_500, AT))));
        assertThat(totals()).containsEntry(ANA.value(), "0 paid, 2 pending");
        inOneBatch(projection::on, List.of(on(1, 3, completed(1, ANA, 2_500))));
        inOneBatch(projection::on, List.of(on(2, 1, completed(2, ANA, 4_000))));

        assertThat(totals()).containsEntry(ANA.value(), "6500 paid, 0 pending");
    }

    @Test
    void aRedeliveredBatchChangesNeitherTheRowsNorTheTotals() {
        List<Collected> batch = List.of(on(1, 0, requested(1, ANA, 2_500)), on(1, 1, completed(1, ANA, 2_500)),
                on(2, 0, requested(2, ANA, 4_000)));
        inOneBatch(projection::on, batch);
        Map<String, PayoutRow> before = rows.byIds(List.of(payout(1).value(), payout(2).value()));

        inOneBatch(projection::on, batch);
        projection.on(completed(1, ANA, 2_500), 1);
        projection.on(requested(2, ANA, 4_000), 0);

        assertThat(rows.byIds(List.of(payout(1).value(), payout(2).value()))).isEqualTo(before);
        assertThat(totals()).containsExactlyEntriesOf(Map.of(ANA.value(), "2500 paid, 1 pending"));
    }

    @Test
    void anEventBelowTheStoredVersionLeavesTheRowAsItIs() {
        inOneBatch(projection::on, List.of(on(1, 0, requested(1, ANA, 2_500)),
                on(1, 1, new PayoutQueuedEvent(payout(1), Mode.SANDBOX, AT)),
                on(1, 2, new PayoutCanceledEvent(payout(1), Mode.SANDBOX, ANA, 2_500, AT))));

        inOneBatch(projection::on, List.of(on(1, 1, new PayoutQueuedEvent(payout(1), Mode.SANDBOX, AT.plusSeconds(60))),
                on(1, 2, new PayoutFailedEvent(payout(1), Mode.SANDBOX, ANA, 2_500, "late duplicate", AT))));

        PayoutRow row = rows.byIds(List.of(payout(1).value())).get(payout(1).value());
        assertThat(row.status()).isEqualTo(PayoutStatus.CANCELED);
        assertThat(row.failureReason()).isNull();
        assertThat(row.version()).isEqualTo(2);
        assertThat(totals()).as("requested and canceled in one batch: nothing to count").isEmpty();
    }

    @Test
    void aPayoutChangedBeforeItsRequestFailsTheBatchAndWritesNothing() {
        assertThatThrownBy(() -> inOneBatch(projection::on, List.of(on(1, 0, requested(1, ANA, 2_500)),
                on(2, 1, new PayoutQueuedEvent(payout(2), Mode.SANDBOX, AT)))))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining(payout(2).value());

        assertThat(rows.byIds(List.of(payout(1).value(), payout(2).value()))).isEmpty();
        assertThat(totals()).isEmpty();
    }

    @Test
    void withinAUnitOfWorkNothingIsWrittenBeforeItCommits() {
        UnitOfWork<?> unitOfWork = DefaultUnitOfWork.startAndGet(null);
        projection.on(requested(1, ANA, 2_500), 0);
        projection.on(completed(1, ANA, 2_500), 1);
        assertThat(rows.byIds(List.of(payout(1).value()))).isEmpty();

        unitOfWork.commit();

        assertThat(status(1)).isEqualTo(PayoutStatus.COMPLETED);
        assertThat(totals()).containsEntry(ANA.value(), "2500 paid, 0 pending");
    }

    @Test
    void aResetEmptiesThePayoutsAndTheTotalsAndSetsTheListsIndexesAside() {
        inOneBatch(projection::on, List.of(on(1, 0, requested(1, ANA, 2_500)), on(2, 0, requested(2, BEN, 4_000))));
        String indexes = "select indexname from pg_indexes where tablename = 'payout_view' order by 1";
        List<String> before = DATABASE.jdbc().queryForList(indexes, String.class);

        projection.onReset();

        assertThat(DATABASE.jdbc().queryForObject("select count(*) from payout_view", Long.class)).isZero();
        assertThat(totals()).isEmpty();
        assertThat(DATABASE.jdbc().queryForList(indexes, String.class)).containsExactly("payout_view_pkey");
        assertThat(PayoutFixtures.indexes(DATABASE.jdbc()).restore(ProcessingGroups.PAYOUT_PROJECTION))
                .isEqualTo(before.size() - 1);
        assertThat(DATABASE.jdbc().queryForList(indexes, String.class)).isEqualTo(before);
    }

    private static Collected on(int payout, long sequence, Object event) {
        return new Collected(payout(payout).value(), event, sequence);
    }

    private PayoutStatus status(int payout) {
        return rows.byIds(List.of(payout(payout).value())).get(payout(payout).value()).status();
    }

    private static String requestedBy(int payout) {
        return DATABASE.jdbc().queryForObject("select requested_by from payout_view where id = ?", String.class,
                payout(payout).value());
    }

    /** Each driver's totals, as "paid, pending". */
    private static Map<String, String> totals() {
        return DATABASE.jdbc().query("select driver_id, total_paid, pending_payouts from driver_totals",
                (row, index) -> Map.entry(row.getString("driver_id"),
                        row.getLong("total_paid") + " paid, " + row.getLong("pending_payouts") + " pending"))
                .stream().collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
    }

    private static PayoutId payout(int n) {
        return new PayoutId(String.format("pay_%032x", n));
    }

    private static PayoutRequestedEvent requested(int payout, DriverId driver, long amount) {
        return new PayoutRequestedEvent(payout(payout), Mode.SANDBOX, WalletId.of(Mode.SANDBOX), driver, amount, 0,
                amount, Rail.STANDARD, null, null, AT);
    }

    private static PayoutRequestedInBatchEvent requestedInBatch(int payout, DriverId driver, long amount) {
        return new PayoutRequestedInBatchEvent(payout(payout), Mode.SANDBOX, WalletId.of(Mode.SANDBOX), BATCH,
                driver, amount, 0, amount, Rail.STANDARD, null, null, AT);
    }

    private static PayoutCompletedEvent completed(int payout, DriverId driver, long amount) {
        return new PayoutCompletedEvent(payout(payout), Mode.SANDBOX, driver, amount, amount, AT);
    }

    private static PayoutReturnedEvent returned(int payout, DriverId driver, long amount) {
        return new PayoutReturnedEvent(payout(payout), Mode.SANDBOX, driver, amount, amount, Rail.STANDARD,
                "AC04 closed account number", AT.plusSeconds(86_400));
    }
}
