package io.payouts.query.payout;

import io.payouts.query.consistency.ConsistencyFixtures;
import io.payouts.query.driver.DriverFixtures;
import io.payouts.testsupport.DatabaseTest;
import io.payouts.query.QuerySideDatabase;
import io.payouts.testsupport.ReadModelDatabase;
import io.payouts.shared.Mode;
import io.payouts.shared.PageRequest;
import io.payouts.shared.ResultPage;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.driver.DriverNotFoundException;
import io.payouts.shared.driver.DriverRegisteredEvent;
import io.payouts.shared.payout.FindDriverPayoutsQuery;
import io.payouts.shared.payout.PayoutPage;
import io.payouts.shared.payout.PayoutStatus;
import io.payouts.shared.payout.PayoutSummary;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static io.payouts.query.payout.PayoutFixtures.stored;
import static io.payouts.query.payout.PayoutFixtures.id;
import static io.payouts.query.payout.PayoutFixtures.payout;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A driver's payouts, newest first; a driver unknown in the caller's mode is not found. */
@DatabaseTest
class DriverPayoutsQueryHandlerTest {

    private static final ReadModelDatabase DATABASE = QuerySideDatabase.migrated();
    private static final DriverId ANA = new DriverId("drv_" + "0".repeat(31) + "1");
    private static final DriverId BEN = new DriverId("drv_" + "0".repeat(31) + "2");
    private static final Instant AT = Instant.parse("2025-01-15T09:00:00Z");

    private final PayoutRows rows = new PayoutRows(DATABASE.jdbc());
    private final DriverPayoutsQueryHandler handler = new DriverPayoutsQueryHandler(rows,
            DriverFixtures.directory(DATABASE.jdbc(), DATABASE.eventStore()),
            ConsistencyFixtures.noProcessors(DATABASE.jdbc()));

    @BeforeEach
    void startFromNothing() {
        DATABASE.empty();
        DriverFixtures.projected(DATABASE.jdbc(), new DriverRegisteredEvent(ANA, Mode.SANDBOX, "fleet-42",
                "Ana Silva", "ana@example.com", "+14155550123", AT));
    }

    @Test
    void aDriverUnknownInTheCallersModeIsNotFound() {
        assertThatThrownBy(() -> handler.handle(new FindDriverPayoutsQuery(Mode.PRODUCTION, ANA,
                new PageRequest(1, 10))))
                .isInstanceOf(DriverNotFoundException.class)
                .hasMessageContaining(ANA.value());
    }

    @Test
    void aDriverTheDriverProjectionHasNotWrittenIsFoundFromItsStoredEvents() {
        DATABASE.store(BEN.value(), 0, new DriverRegisteredEvent(BEN, Mode.SANDBOX, "fleet-43", "Ben Okafor",
                "ben@example.com", "+14155550124", AT));
        stored(rows, List.of(payout(1, Mode.SANDBOX, BEN, PayoutStatus.QUEUED, AT)));

        PayoutPage page = handler.handle(new FindDriverPayoutsQuery(Mode.SANDBOX, BEN, new PageRequest(1, 10)));

        assertThat(page.page().items()).extracting(summary -> summary.id().value()).containsExactly(id(1));
        assertThat(page.page().items()).extracting(PayoutSummary::driverName).containsExactly("Ben Okafor");
    }

    @Test
    void aDriverNeitherProjectedNorStoredIsNotFound() {
        stored(rows, List.of(payout(1, Mode.SANDBOX, BEN, PayoutStatus.QUEUED, AT)));

        assertThatThrownBy(() -> handler.handle(new FindDriverPayoutsQuery(Mode.SANDBOX, BEN,
                new PageRequest(1, 10))))
                .isInstanceOf(DriverNotFoundException.class)
                .hasMessageContaining(BEN.value());
    }

    @Test
    void listsTheDriversPayoutsNewestFirstAPageAtATime() {
        stored(rows, List.of(
                payout(1, Mode.SANDBOX, ANA, PayoutStatus.COMPLETED, AT),
                payout(2, Mode.SANDBOX, BEN, PayoutStatus.QUEUED, AT.plusSeconds(1)),
                payout(3, Mode.SANDBOX, ANA, PayoutStatus.FAILED, AT.plusSeconds(2)),
                payout(4, Mode.SANDBOX, ANA, PayoutStatus.VALIDATED, AT.plusSeconds(3))));

        PayoutPage first = handler.handle(new FindDriverPayoutsQuery(Mode.SANDBOX, ANA, new PageRequest(1, 2)));
        PayoutPage second = handler.handle(new FindDriverPayoutsQuery(Mode.SANDBOX, ANA, new PageRequest(2, 2)));

        assertThat(first.page().items()).extracting(summary -> summary.id().value()).containsExactly(id(4), id(3));
        assertThat(second.page().items()).extracting(summary -> summary.id().value()).containsExactly(id(1));
        assertThat(second.page().total()).isEqualTo(3);
        assertThat(first.page().items()).extracting(PayoutSummary::driverName).containsOnly("Ana Silva");
    }

    @Test
    void aDriverWithoutPayoutsHasAnEmptyPage() {
        stored(rows, List.of(payout(1, Mode.SANDBOX, BEN, PayoutStatus.QUEUED, AT)));

        PayoutPage page = handler.handle(new FindDriverPayoutsQuery(Mode.SANDBOX, ANA, new PageRequest(2, 10)));

        assertThat(page.page()).isEqualTo(ResultPage.empty(2, 10));
    }
}
