package io.payouts.query.payout;

import io.payouts.testsupport.DatabaseTest;
import io.payouts.query.QuerySideDatabase;
import io.payouts.testsupport.ReadModelDatabase;
import io.payouts.shared.Mode;
import io.payouts.shared.approval.Approval;
import io.payouts.shared.approval.ApprovalStatus;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.PayoutQueuedEvent;
import io.payouts.shared.payout.PayoutStatus;
import io.payouts.shared.payout.Rail;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import static io.payouts.query.payout.PayoutFixtures.stored;
import static org.assertj.core.api.Assertions.assertThat;

/** {@code payout_view} through plain SQL: a batched upsert that never goes back a version, and reads by id. */
@DatabaseTest
class PayoutRowsTest {

    private static final ReadModelDatabase DATABASE = QuerySideDatabase.migrated();
    private static final String DRIVER = "drv_" + "0".repeat(31) + "1";
    private static final String BATCH = "batch_" + "0".repeat(31) + "1";
    private static final Instant AT = Instant.parse("2025-01-15T09:00:00Z");

    private final PayoutRows rows = new PayoutRows(DATABASE.jdbc());

    @BeforeEach
    void startFromNothing() {
        DATABASE.empty();
    }

    // writes

    @Test
    void storesEveryColumnOfANewRow() {
        PayoutRow everyField = new PayoutRow(id(1), Mode.PRODUCTION, DRIVER, 10_000, 150, 9_850,
                PayoutStatus.QUEUED, Rail.INSTANT, "week 3", "load-77", "driver-app", BATCH, AT, AT.plusSeconds(1),
                AT.plusSeconds(2), AT.plusSeconds(3), AT.plusSeconds(4), AT.plusSeconds(5), "account closed",
                new Approval(ApprovalStatus.APPROVED, 5_000, "usr_requester", "usr_approver", AT.plusSeconds(6),
                        null), 6);
        PayoutRow fewestFields = row(2, PayoutStatus.VALIDATED, 0);

        stored(rows, List.of(everyField, fewestFields));

        assertThat(rows.byIds(List.of(id(1), id(2))))
                .containsExactlyInAnyOrderEntriesOf(Map.of(id(1), everyField, id(2), fewestFields));
    }

    @Test
    void aNewerVersionReplacesTheStoredRow() {
        stored(rows, List.of(row(1, PayoutStatus.VALIDATED, 0)));
        PayoutRow completed = new PayoutRow(id(1), Mode.SANDBOX, DRIVER, 2_500, 0, 2_500, PayoutStatus.COMPLETED,
                Rail.STANDARD, null, null, null, null, AT, AT.plusSeconds(1), AT.plusSeconds(9), null, null, null, null,
                null, 3);

        stored(rows, List.of(completed));

        assertThat(rows.byIds(List.of(id(1)))).containsEntry(id(1), completed);
    }

    @Test
    void anOlderVersionNeverOverwritesANewerRow() {
        PayoutRow newer = row(1, PayoutStatus.COMPLETED, 3);
        stored(rows, List.of(newer));

        stored(rows, List.of(row(1, PayoutStatus.QUEUED, 2)));

        assertThat(rows.byIds(List.of(id(1)))).containsEntry(id(1), newer);
    }

    @Test
    void theSameVersionNeverOverwritesTheStoredRow() {
        PayoutRow stored = row(1, PayoutStatus.CANCELED, 2);
        stored(rows, List.of(stored));

        stored(rows, List.of(row(1, PayoutStatus.FAILED, 2)));

        assertThat(rows.byIds(List.of(id(1)))).containsEntry(id(1), stored);
    }

    @Test
    void oneBatchInsertsUpdatesAndSkipsRowByRow() {
        stored(rows, List.of(row(1, PayoutStatus.VALIDATED, 0), row(2, PayoutStatus.COMPLETED, 4)));

        stored(rows, List.of(row(1, PayoutStatus.QUEUED, 1), row(2, PayoutStatus.PROCESSING, 3),
                row(3, PayoutStatus.VALIDATED, 0)));

        assertThat(rows.byIds(List.of(id(1), id(2), id(3)))).containsExactlyInAnyOrderEntriesOf(Map.of(
                id(1), row(1, PayoutStatus.QUEUED, 1),
                id(2), row(2, PayoutStatus.COMPLETED, 4),
                id(3), row(3, PayoutStatus.VALIDATED, 0)));
    }

    @Test
    void deleteAllEmptiesTheTable() {
        stored(rows, List.of(row(1, PayoutStatus.VALIDATED, 0), row(2, PayoutStatus.QUEUED, 1)));

        rows.deleteAll();

        assertThat(rows.byIds(List.of(id(1), id(2)))).isEmpty();
    }

    // reads by id

    @Test
    void loadsOnlyTheRowsAskedForAndNothingForNoIds() {
        stored(rows, List.of(row(1, PayoutStatus.VALIDATED, 0), row(2, PayoutStatus.QUEUED, 1)));

        assertThat(rows.byIds(List.of(id(2), id(9)))).containsOnlyKeys(id(2));
        assertThat(rows.byIds(List.of())).isEmpty();
    }

    @Test
    void aRowThatAppliedTheNewestStoredEventIsCurrent() {
        storeEvents(id(1), 3);
        stored(rows, List.of(row(1, PayoutStatus.QUEUED, 2)));

        PayoutRows.Found found = rows.find(id(1), Mode.SANDBOX).orElseThrow();

        assertThat(found.head()).isEqualTo(2);
        assertThat(found.row().version()).isGreaterThanOrEqualTo(found.head());
        assertThat(found.row()).isEqualTo(row(1, PayoutStatus.QUEUED, 2));
    }

    @Test
    void aStoredEventAboveTheRowsVersionPutsTheRowBehind() {
        storeEvents(id(1), 3);
        stored(rows, List.of(row(1, PayoutStatus.QUEUED, 2)));

        DATABASE.store(id(1), 3, new PayoutQueuedEvent(new PayoutId(id(1)), Mode.SANDBOX, AT));

        PayoutRows.Found found = rows.find(id(1), Mode.SANDBOX).orElseThrow();
        assertThat(found.head()).isEqualTo(3);
        assertThat(found.row().version()).isLessThan(found.head());
    }

    @Test
    void anotherPayoutsEventsDoNotMoveTheHead() {
        storeEvents(id(1), 1);
        storeEvents(id(2), 5);
        stored(rows, List.of(row(1, PayoutStatus.VALIDATED, 0)));

        assertThat(current(rows.find(id(1), Mode.SANDBOX).orElseThrow())).isTrue();
    }

    @Test
    void aRowWhoseStreamIsNotInTheEventTableCountsAsCurrent() {
        stored(rows, List.of(row(1, PayoutStatus.VALIDATED, 0)));

        assertThat(current(rows.find(id(1), Mode.SANDBOX).orElseThrow())).isTrue();
    }

    @Test
    void findsAPayoutInItsOwnModeOnly() {
        stored(rows, List.of(row(1, PayoutStatus.VALIDATED, 0)));

        assertThat(rows.find(id(1), Mode.PRODUCTION)).isEmpty();
        assertThat(rows.find(id(2), Mode.SANDBOX)).isEmpty();
    }

    // a batch's payouts

    @Test
    void listsABatchsPayoutsOfTheModeInTheOrderTheyWereRequested() {
        PayoutRow first = inBatch(3, BATCH, Mode.SANDBOX, AT);
        PayoutRow tiedWithFirst = inBatch(4, BATCH, Mode.SANDBOX, AT);
        PayoutRow second = inBatch(1, BATCH, Mode.SANDBOX, AT.plusSeconds(1));
        stored(rows, List.of(second, tiedWithFirst, first,
                inBatch(5, "batch_" + "0".repeat(31) + "2", Mode.SANDBOX, AT),
                inBatch(6, BATCH, Mode.PRODUCTION, AT),
                row(7, PayoutStatus.VALIDATED, 0)));

        assertThat(rows.ofBatch(Mode.SANDBOX, BATCH)).containsExactly(first, tiedWithFirst, second);
    }

    private static void storeEvents(String payoutId, int count) {
        for (int sequence = 0; sequence < count; sequence++) {
            DATABASE.store(payoutId, sequence, new PayoutQueuedEvent(new PayoutId(payoutId), Mode.SANDBOX, AT));
        }
    }

    private static String id(int n) {
        return String.format("pay_%032x", n);
    }

    private static PayoutRow row(int n, PayoutStatus status, long version) {
        return new PayoutRow(id(n), Mode.SANDBOX, DRIVER, 2_500, 0, 2_500, status, Rail.STANDARD, null, null, null,
                null, AT, null, null, null, null, null, null, null, version);
    }

    private static PayoutRow inBatch(int n, String batchId, Mode mode, Instant requestedAt) {
        return new PayoutRow(id(n), mode, DRIVER, 1_000, 0, 1_000, PayoutStatus.PENDING, Rail.STANDARD, null, null,
                null, batchId, requestedAt, null, null, null, null, null, null, null, 0);
    }

    private static boolean current(PayoutRows.Found found) {
        return found.row().version() >= found.head();
    }
}
