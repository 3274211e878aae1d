package io.payouts.query.driver;

import io.payouts.query.consistency.DiscardedStreams;
import io.payouts.query.consistency.ConsistencyFixtures;
import io.payouts.query.payout.PayoutFixtures;
import io.payouts.testsupport.DatabaseTest;
import io.payouts.query.QuerySideDatabase;
import io.payouts.testsupport.ReadModelDatabase;
import io.payouts.shared.Mode;
import io.payouts.shared.PageRequest;
import io.payouts.shared.driver.DriverDeactivatedEvent;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.driver.DriverKycRejectedEvent;
import io.payouts.shared.driver.DriverKycVerifiedEvent;
import io.payouts.shared.driver.DriverPage;
import io.payouts.shared.driver.DriverRegisteredEvent;
import io.payouts.shared.driver.DriverStatusFilter;
import io.payouts.shared.driver.DriverSummary;
import io.payouts.shared.driver.FindDriversQuery;
import io.payouts.shared.payout.PayoutCompletedEvent;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.PayoutRequestedEvent;
import io.payouts.shared.payout.Rail;
import io.payouts.shared.wallet.WalletId;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.time.Instant;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/** The driver list of a mode: newest first, paged, optionally by standing, each driver with its payout totals. */
@DatabaseTest
class DriverListTest {

    private static final ReadModelDatabase DATABASE = QuerySideDatabase.migrated();
    private static final Instant AT = Instant.parse("2025-01-15T09:00:00Z");
    /** Registered in this order, a second apart: invited, rejected, active, inactive, inactive and verified. */
    private static final DriverId INVITED = driver(1);
    private static final DriverId REJECTED = driver(2);
    private static final DriverId ACTIVE = driver(3);
    private static final DriverId INACTIVE = driver(4);
    private static final DriverId LEFT_VERIFIED = driver(5);

    private final DriverQueryHandler handler = new DriverQueryHandler(new DriverRows(DATABASE.jdbc()),
            new DriverHistory(DATABASE.eventStore(), DiscardedStreams.NONE), ConsistencyFixtures.noProcessors(DATABASE.jdbc()),
            ConsistencyFixtures.streamHeads(DATABASE.jdbc()));

    @BeforeEach
    void registerOneDriverOfEachStanding() {
        DATABASE.empty();
        List<DriverId> inOrder = List.of(INVITED, REJECTED, ACTIVE, INACTIVE, LEFT_VERIFIED);
        for (int second = 0; second < inOrder.size(); second++) {
            registered(inOrder.get(second), Mode.SANDBOX, AT.plusSeconds(second));
        }
        project(REJECTED, 1, new DriverKycRejectedEvent(REJECTED, Mode.SANDBOX, "unreadable", AT));
        project(ACTIVE, 1, new DriverKycVerifiedEvent(ACTIVE, Mode.SANDBOX, AT));
        project(INACTIVE, 1, new DriverDeactivatedEvent(INACTIVE, Mode.SANDBOX, AT));
        project(LEFT_VERIFIED, 1, new DriverKycVerifiedEvent(LEFT_VERIFIED, Mode.SANDBOX, AT));
        project(LEFT_VERIFIED, 2, new DriverDeactivatedEvent(LEFT_VERIFIED, Mode.SANDBOX, AT));
        registered(driver(9), Mode.PRODUCTION, AT.plusSeconds(60));
    }

    @Test
    void listsTheModesDriversNewestFirstWithTheirPayoutTotals() {
        paid(1, ACTIVE, 2_500);
        paid(2, ACTIVE, 4_000);
        requested(3, ACTIVE, 1_000);
        requested(4, INVITED, 700);

        DriverPage page = handler.handle(new FindDriversQuery(Mode.SANDBOX, null, new PageRequest(1, 20)));

        assertThat(page.page().items())
                .extracting(summary -> summary.id(), DriverSummary::totalPaid, DriverSummary::pendingPayouts)
                .containsExactly(tuple(LEFT_VERIFIED, 0L, 0L), tuple(INACTIVE, 0L, 0L), tuple(ACTIVE, 6_500L, 1L),
                        tuple(REJECTED, 0L, 0L), tuple(INVITED, 0L, 1L));
        assertThat(page.page().total()).isEqualTo(5);
    }

    @Test
    void driversRegisteredAtTheSameTimeListTheLaterIdFirst() {
        registered(driver(6), Mode.SANDBOX, AT.plusSeconds(600));
        registered(driver(7), Mode.SANDBOX, AT.plusSeconds(600));

        DriverPage page = handler.handle(new FindDriversQuery(Mode.SANDBOX, null, new PageRequest(1, 2)));

        assertThat(page.page().items()).extracting(DriverSummary::id).containsExactly(driver(7), driver(6));
    }

    @ParameterizedTest
    @CsvSource({"ACTIVE, 3", "INACTIVE, 5 4", "PENDING, 2 1"})
    void theStandingFilterListsThoseDriversOnly(DriverStatusFilter filter, String expected) {
        DriverPage page = handler.handle(new FindDriversQuery(Mode.SANDBOX, filter, new PageRequest(1, 20)));

        List<DriverId> drivers = Arrays.stream(expected.split(" ")).map(n -> driver(Integer.parseInt(n))).toList();
        assertThat(page.page().items()).extracting(DriverSummary::id).containsExactlyElementsOf(drivers);
        assertThat(page.page().total()).isEqualTo(drivers.size());
    }

    @Test
    void aPageHoldsItsSliceAndCountsTheWholeList() {
        DriverPage page = handler.handle(new FindDriversQuery(Mode.SANDBOX, null, new PageRequest(2, 2)));

        assertThat(page.page().items()).extracting(DriverSummary::id).containsExactly(ACTIVE, REJECTED);
        assertThat(page.page()).extracting(p -> p.total(), p -> p.page(), p -> p.pageSize())
                .containsExactly(5L, 2, 2);
    }

    @Test
    void listsOnlyTheCallersMode() {
        DriverPage page = handler.handle(new FindDriversQuery(Mode.PRODUCTION, null, new PageRequest(1, 20)));

        assertThat(page.page().items()).extracting(DriverSummary::id).containsExactly(driver(9));
        assertThat(page.page().total()).isEqualTo(1);
    }

    private static void registered(DriverId driver, Mode mode, Instant at) {
        DriverFixtures.projected(DATABASE.jdbc(), new DriverRegisteredEvent(driver, mode, "fleet", "Driver",
                "driver@example.com", "+14155550123", at));
    }

    private static void project(DriverId driver, long sequence, Object event) {
        DriverFixtures.projected(DATABASE.jdbc(), driver.value(), sequence, event);
    }

    private static void requested(int payout, DriverId driver, long amount) {
        PayoutId id = new PayoutId(String.format("pay_%032x", payout));
        PayoutFixtures.projected(DATABASE.jdbc(), id.value(), 0, new PayoutRequestedEvent(id, Mode.SANDBOX,
                WalletId.of(Mode.SANDBOX), driver, amount, 0, amount, Rail.INSTANT, null, null, AT));
    }

    private static void paid(int payout, DriverId driver, long amount) {
        requested(payout, driver, amount);
        PayoutId id = new PayoutId(String.format("pay_%032x", payout));
        PayoutFixtures.projected(DATABASE.jdbc(), id.value(), 1, new PayoutCompletedEvent(id, Mode.SANDBOX, driver,
                amount, amount, AT));
    }

    private static DriverId driver(int n) {
        return new DriverId(String.format("drv_%032d", n));
    }
}
