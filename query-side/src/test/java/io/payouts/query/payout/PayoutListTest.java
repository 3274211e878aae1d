package io.payouts.query.payout;

import io.payouts.query.consistency.DiscardedStreams;
import io.payouts.query.consistency.ConsistencyFixtures;
import io.payouts.query.driver.DriverFixtures;
import io.payouts.testsupport.DatabaseTest;
import io.payouts.query.QuerySideDatabase;
import io.payouts.testsupport.ReadModelDatabase;
import io.payouts.shared.InvalidFieldException;
import io.payouts.shared.Mode;
import io.payouts.shared.PageRequest;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.driver.DriverRegisteredEvent;
import io.payouts.shared.payout.FindPayoutsQuery;
import io.payouts.shared.payout.PayoutPage;
import io.payouts.shared.payout.PayoutStatus;
import io.payouts.shared.payout.PayoutSummary;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.LocalDate;
import java.util.List;

import static io.payouts.query.payout.PayoutFixtures.stored;
import static io.payouts.query.payout.PayoutFixtures.id;
import static io.payouts.query.payout.PayoutFixtures.payout;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

/**
 * The payout list of a mode: newest first, paged, optionally by status, driver and a range of UTC days, with the
 * drivers' names.
 */
@DatabaseTest
class PayoutListTest {

    private static final ReadModelDatabase DATABASE = QuerySideDatabase.migrated();
    private static final DriverId ANA = new DriverId("drv_" + "0".repeat(31) + "1");
    private static final DriverId BEN = new DriverId("drv_" + "0".repeat(31) + "2");
    private static final Instant AT = Instant.parse("2025-01-15T09:00:00Z");

    private final PayoutRows rows = new PayoutRows(DATABASE.jdbc());
    private final PayoutQueryHandler handler = new PayoutQueryHandler(rows, new PayoutHistory(DATABASE.eventStore(), DiscardedStreams.NONE),
            DriverFixtures.directory(DATABASE.jdbc(), DATABASE.eventStore()),
            ConsistencyFixtures.noProcessors(DATABASE.jdbc()),
            ConsistencyFixtures.streamHeads(DATABASE.jdbc()));

    @BeforeEach
    void startFromNothing() {
        DATABASE.empty();
        DriverFixtures.projected(DATABASE.jdbc(), new DriverRegisteredEvent(ANA, Mode.SANDBOX, "fleet-42",
                "Ana Silva", "ana@example.com", "+14155550123", AT));
    }

    @Test
    void listsTheModesPayoutsNewestFirstWithTheirDriversNames() {
        stored(rows, List.of(
                payout(1, Mode.SANDBOX, ANA, PayoutStatus.COMPLETED, AT),
                payout(2, Mode.SANDBOX, BEN, PayoutStatus.QUEUED, AT.plusSeconds(60)),
                payout(3, Mode.SANDBOX, ANA, PayoutStatus.VALIDATED, AT),
                payout(4, Mode.PRODUCTION, ANA, PayoutStatus.VALIDATED, AT.plusSeconds(120))));

        PayoutPage page = handler.handle(new FindPayoutsQuery(Mode.SANDBOX, null, null, new PageRequest(1, 20)));

        assertThat(page.page().items()).extracting(summary -> summary.id().value(), PayoutSummary::driverName)
                .as("newest first, the later id first among equals; a driver not projected has no name")
                .containsExactly(tuple(id(2), null), tuple(id(3), "Ana Silva"), tuple(id(1), "Ana Silva"));
        assertThat(page.page().total()).isEqualTo(3);
    }

    @Test
    void aPageHoldsItsSliceOfTheNewestFirstListAndCountsTheWholeList() {
        for (int n = 1; n <= 5; n++) {
            stored(rows, List.of(payout(n, Mode.SANDBOX, ANA, PayoutStatus.VALIDATED, AT.plusSeconds(n))));
        }

        PayoutPage second = handler.handle(new FindPayoutsQuery(Mode.SANDBOX, null, null, new PageRequest(2, 2)));
        PayoutPage beyond = handler.handle(new FindPayoutsQuery(Mode.SANDBOX, null, null, new PageRequest(4, 2)));

        assertThat(second.page().items()).extracting(summary -> summary.id().value()).containsExactly(id(3), id(2));
        assertThat(second.page()).extracting(page -> page.total(), page -> page.page(), page -> page.pageSize())
                .containsExactly(5L, 2, 2);
        assertThat(second.page().hasNextPage()).isTrue();
        assertThat(beyond.page().items()).isEmpty();
        assertThat(beyond.page().total()).isEqualTo(5);
    }

    @Test
    void theStatusFilterListsThatStatusOnly() {
        stored(rows, List.of(
                payout(1, Mode.SANDBOX, ANA, PayoutStatus.FAILED, AT),
                payout(2, Mode.SANDBOX, BEN, PayoutStatus.QUEUED, AT),
                payout(3, Mode.SANDBOX, BEN, PayoutStatus.FAILED, AT.plusSeconds(1)),
                payout(4, Mode.PRODUCTION, ANA, PayoutStatus.FAILED, AT)));

        PayoutPage page = handler.handle(new FindPayoutsQuery(Mode.SANDBOX, PayoutStatus.FAILED, null,
                new PageRequest(1, 20)));

        assertThat(page.page().items()).extracting(summary -> summary.id().value()).containsExactly(id(3), id(1));
        assertThat(page.page().total()).isEqualTo(2);
    }

    @Test
    void theDriverFilterListsThatDriversPayoutsOnly() {
        stored(rows, List.of(
                payout(1, Mode.SANDBOX, ANA, PayoutStatus.FAILED, AT),
                payout(2, Mode.SANDBOX, BEN, PayoutStatus.QUEUED, AT),
                payout(3, Mode.SANDBOX, ANA, PayoutStatus.COMPLETED, AT.plusSeconds(1))));

        PayoutPage page = handler.handle(new FindPayoutsQuery(Mode.SANDBOX, null, ANA, new PageRequest(1, 20)));

        assertThat(page.page().items()).extracting(summary -> summary.id().value()).containsExactly(id(3), id(1));
        assertThat(page.page().total()).isEqualTo(2);
    }

    @Test
    void bothFiltersCombine() {
        stored(rows, List.of(
                payout(1, Mode.SANDBOX, ANA, PayoutStatus.FAILED, AT),
                payout(2, Mode.SANDBOX, BEN, PayoutStatus.FAILED, AT),
                payout(3, Mode.SANDBOX, ANA, PayoutStatus.COMPLETED, AT),
                payout(4, Mode.PRODUCTION, ANA, PayoutStatus.FAILED, AT)));

        PayoutPage page = handler.handle(new FindPayoutsQuery(Mode.SANDBOX, PayoutStatus.FAILED, ANA,
                new PageRequest(1, 20)));

        assertThat(page.page().items()).extracting(summary -> summary.id().value()).containsExactly(id(1));
        assertThat(page.page().total()).isEqualTo(1);
    }

    /** UTC days, both included: a payout at midnight belongs to the day it starts. */
    @Test
    void aRangeOfDaysKeepsThePayoutsRequestedOnThoseDaysAndCombinesWithTheOtherFilters() {
        LocalDate day = LocalDate.parse("2025-01-15");
        stored(rows, List.of(
                payout(1, Mode.SANDBOX, ANA, PayoutStatus.FAILED, Instant.parse("2025-01-14T23:59:59.999Z")),
                payout(2, Mode.SANDBOX, ANA, PayoutStatus.FAILED, Instant.parse("2025-01-15T00:00:00Z")),
                payout(3, Mode.SANDBOX, ANA, PayoutStatus.COMPLETED, Instant.parse("2025-01-15T23:59:59.999Z")),
                payout(4, Mode.SANDBOX, BEN, PayoutStatus.FAILED, Instant.parse("2025-01-15T12:00:00Z")),
                payout(5, Mode.SANDBOX, ANA, PayoutStatus.FAILED, Instant.parse("2025-01-16T00:00:00Z")),
                payout(6, Mode.PRODUCTION, ANA, PayoutStatus.FAILED, Instant.parse("2025-01-15T12:00:00Z"))));

        assertThat(ids(null, null, day, day)).containsExactly(id(3), id(4), id(2));
        assertThat(ids(null, null, day, null)).containsExactly(id(5), id(3), id(4), id(2));
        assertThat(ids(null, null, null, day)).containsExactly(id(3), id(4), id(2), id(1));
        assertThat(ids(PayoutStatus.FAILED, ANA, day, day.plusDays(1))).containsExactly(id(5), id(2));
        assertThat(handler.handle(new FindPayoutsQuery(Mode.SANDBOX, null, null, day, day, new PageRequest(1, 2)))
                .page().total()).isEqualTo(3);
    }

    @Test
    void aRangeEndingBeforeItStartsIsRefusedNamingTo() {
        LocalDate day = LocalDate.parse("2025-01-15");

        assertThatThrownBy(() -> new FindPayoutsQuery(Mode.SANDBOX, null, null, day, day.minusDays(1),
                new PageRequest(1, 20))).isInstanceOf(InvalidFieldException.class).hasMessageContaining("to");
    }

    private List<String> ids(PayoutStatus status, DriverId driverId, LocalDate from, LocalDate to) {
        return handler.handle(new FindPayoutsQuery(Mode.SANDBOX, status, driverId, from, to, new PageRequest(1, 20)))
                .page().items().stream().map(summary -> summary.id().value()).toList();
    }

    @Test
    void aModeWithoutPayoutsHasAnEmptyList() {
        stored(rows, List.of(payout(1, Mode.SANDBOX, ANA, PayoutStatus.FAILED, AT)));

        PayoutPage page = handler.handle(new FindPayoutsQuery(Mode.PRODUCTION, null, null, new PageRequest(1, 20)));

        assertThat(page.page().items()).isEmpty();
        assertThat(page.page().total()).isZero();
    }
}
