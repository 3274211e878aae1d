package io.payouts.query.driver;

import io.payouts.query.consistency.DiscardedStreams;
import io.payouts.shared.driver.DriverEvent;
import io.payouts.shared.driver.DriverRegisteredEvent;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.springframework.jdbc.core.JdbcTemplate;

import java.util.List;

/** The driver read model's components, and drivers projected into it, for SQL-level tests of other packages. */
public final class DriverFixtures {

    private DriverFixtures() {
    }

    public static DriverDirectory directory(JdbcTemplate jdbc, EventStore eventStore) {
        return new DriverDirectory(new DriverRows(jdbc), new DriverHistory(eventStore, DiscardedStreams.NONE));
    }

    /** The driver projection has applied this registration, the first event of the driver's stream. */
    public static void projected(JdbcTemplate jdbc, DriverRegisteredEvent registered) {
        projected(jdbc, registered.driverId().value(), 0, registered);
    }

    /** The driver projection has applied this event of the driver's stream, at {@code sequence}. */
    public static void projected(JdbcTemplate jdbc, String driverId, long sequence, Object event) {
        new DriverProjection(new DriverRows(jdbc)).on((DriverEvent) event, sequence);
    }
}
