package io.payouts.query.driver;

import io.payouts.query.consistency.ConsistencyFixtures;
import io.payouts.query.consistency.DiscardedStreams;
import io.payouts.shared.Mode;
import io.payouts.shared.PageRequest;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.driver.DriverStatusFilter;
import io.payouts.shared.driver.FindDriverQuery;
import io.payouts.shared.driver.FindDriversQuery;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.springframework.jdbc.core.JdbcTemplate;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.IntStream;

import static io.payouts.query.ReadModelIndexesFixtures.driverId;

/** The driver reads the API serves, with each filter it offers, and the driver projection's load, by name. */
public final class ReadModelIndexesDriverReads {

    private static final Mode MODE = Mode.PRODUCTION;

    private ReadModelIndexesDriverReads() {
    }

    public static Map<String, Callable<?>> over(JdbcTemplate jdbc, EventStore events) {
        DriverRows rows = new DriverRows(jdbc);
        DriverQueryHandler drivers = new DriverQueryHandler(rows, new DriverHistory(events, DiscardedStreams.NONE),
                ConsistencyFixtures.noProcessors(jdbc), ConsistencyFixtures.streamHeads(jdbc));
        Map<String, Callable<?>> reads = new LinkedHashMap<>();
        reads.put("GET /drivers/{id}", () -> drivers.handle(new FindDriverQuery(MODE, new DriverId(driverId(12_345)))));
        reads.put("GET /drivers", () -> list(drivers, null, 1));
        reads.put("GET /drivers page 500", () -> list(drivers, null, 500));
        reads.put("GET /drivers?status=ACTIVE page 500", () -> list(drivers, DriverStatusFilter.ACTIVE, 500));
        reads.put("GET /drivers?status=INACTIVE", () -> list(drivers, DriverStatusFilter.INACTIVE, 1));
        reads.put("GET /drivers?status=PENDING", () -> list(drivers, DriverStatusFilter.PENDING, 1));
        reads.put("driver projection: load rows by id", () -> rows.byIds(IntStream.rangeClosed(5_001, 5_100)
                .mapToObj(n -> driverId(n)).toList()));
        return reads;
    }

    private static List<?> list(DriverQueryHandler drivers, DriverStatusFilter status, int page) {
        return drivers.handle(new FindDriversQuery(MODE, status, new PageRequest(page, 20))).page().items();
    }
}
