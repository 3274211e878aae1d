package io.payouts.query.payout;

import io.payouts.query.consistency.ConsistencyFixtures;
import io.payouts.query.consistency.DiscardedStreams;
import io.payouts.query.driver.DriverFixtures;
import io.payouts.shared.Mode;
import io.payouts.shared.PageRequest;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.payout.FindDriverPayoutsQuery;
import io.payouts.shared.payout.FindPayoutQuery;
import io.payouts.shared.payout.FindPayoutsQuery;
import io.payouts.shared.payout.PayoutId;
import io.payouts.shared.payout.PayoutStatus;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.springframework.jdbc.core.JdbcTemplate;

import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.IntStream;

import static io.payouts.query.ReadModelIndexesFixtures.LAST_DAY;
import static io.payouts.query.ReadModelIndexesFixtures.driverId;
import static io.payouts.query.ReadModelIndexesFixtures.payoutId;

/** The payout reads the API serves, with each filter it offers, and the payout projection's load, by name. */
public final class ReadModelIndexesPayoutReads {

    private static final Mode MODE = Mode.PRODUCTION;
    private static final DriverId DRIVER = new DriverId(driverId(12_345));

    private ReadModelIndexesPayoutReads() {
    }

    public static Map<String, Callable<?>> over(JdbcTemplate jdbc, EventStore events) {
        PayoutRows rows = new PayoutRows(jdbc);
        PayoutQueryHandler payouts = new PayoutQueryHandler(rows, new PayoutHistory(events, DiscardedStreams.NONE),
                DriverFixtures.directory(jdbc, events), ConsistencyFixtures.noProcessors(jdbc),
                ConsistencyFixtures.streamHeads(jdbc));
        DriverPayoutsQueryHandler driverPayouts = new DriverPayoutsQueryHandler(rows,
                DriverFixtures.directory(jdbc, events), ConsistencyFixtures.noProcessors(jdbc));
        LocalDate day = LAST_DAY.minusDays(10);
        Map<String, Callable<?>> reads = new LinkedHashMap<>();
        reads.put("GET /payouts/{id}", () -> payouts.handle(new FindPayoutQuery(MODE,
                new PayoutId(payoutId(123_457)))));
        reads.put("GET /payouts", () -> list(payouts, null, null, null, null, 1));
        reads.put("GET /payouts page 500", () -> list(payouts, null, null, null, null, 500));
        reads.put("GET /payouts sandbox", () -> payouts.handle(new FindPayoutsQuery(Mode.SANDBOX, null, null,
                new PageRequest(1, 20))).page().items());
        reads.put("GET /payouts?status=FAILED", () -> list(payouts, PayoutStatus.FAILED, null, null, null, 1));
        reads.put("GET /payouts?status=PROCESSING", () -> list(payouts, PayoutStatus.PROCESSING, null, null, null,
                1));
        reads.put("GET /payouts?status=COMPLETED page 500", () -> list(payouts, PayoutStatus.COMPLETED, null, null,
                null, 500));
        reads.put("GET /payouts?from=&to= one day", () -> list(payouts, null, null, day, day, 1));
        reads.put("GET /payouts?from= to the end, page 50", () -> list(payouts, null, null, day, null, 50));
        reads.put("GET /payouts?to= up to a day, page 50", () -> list(payouts, null, null, null, day, 50));
        reads.put("GET /payouts?status=FAILED&from=&to= a week", () -> list(payouts, PayoutStatus.FAILED, null,
                day.minusDays(6), day, 1));
        reads.put("GET /payouts?driverId=", () -> list(payouts, null, DRIVER, null, null, 1));
        reads.put("GET /payouts?driverId=&status=COMPLETED", () -> list(payouts, PayoutStatus.COMPLETED, DRIVER,
                null, null, 1));
        reads.put("GET /payouts?driverId=&from=&to=", () -> list(payouts, null, DRIVER, LAST_DAY.minusDays(59),
                LAST_DAY, 1));
        reads.put("GET /drivers/{id}/payouts", () -> driverPayouts.handle(new FindDriverPayoutsQuery(MODE, DRIVER,
                new PageRequest(1, 20))).page().items());
        reads.put("payout projection: load rows by id", () -> rows.byIds(IntStream.rangeClosed(150_001, 150_100)
                .mapToObj(n -> payoutId(n)).toList()));
        return reads;
    }

    private static List<?> list(PayoutQueryHandler payouts, PayoutStatus status, DriverId driver, LocalDate from,
                                LocalDate to, int page) {
        return payouts.handle(new FindPayoutsQuery(MODE, status, driver, from, to, new PageRequest(page, 20)))
                .page().items();
    }
}
