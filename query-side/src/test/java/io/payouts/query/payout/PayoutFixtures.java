package io.payouts.query.payout;

import io.payouts.query.consistency.ConsistencyFixtures;
import io.payouts.query.consistency.DiscardedStreams;
import io.payouts.query.consistency.SetAsideIndexes;
import io.payouts.query.driver.DriverFixtures;
import io.payouts.shared.Mode;
import io.payouts.shared.driver.DriverId;
import io.payouts.shared.payout.PayoutEvent;
import io.payouts.shared.payout.PayoutStatus;
import io.payouts.shared.payout.Rail;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;

import java.time.Instant;
import java.util.List;

/** The payout read model's components, and payouts projected into it, for SQL-level tests of other packages. */
public final class PayoutFixtures {

    private PayoutFixtures() {
    }

    public static InFlightPayouts inFlightPayouts(JdbcTemplate jdbc) {
        return new InFlightPayouts(new PayoutRows(jdbc));
    }

    public static BatchPayouts batchPayouts(JdbcTemplate jdbc, EventStore eventStore) {
        return new BatchPayouts(new PayoutRows(jdbc), new PayoutHistory(eventStore, DiscardedStreams.NONE),
                ConsistencyFixtures.streamHeads(jdbc), DriverFixtures.directory(jdbc, eventStore));
    }

    /** The payout projection has applied this event of the payout's stream, at {@code sequence}. */
    public static void projected(JdbcTemplate jdbc, String payoutId, long sequence, Object event) {
        new PayoutProjection(new PayoutRows(jdbc), new DriverTotals(jdbc), indexes(jdbc)).on((PayoutEvent) event,
                sequence);
    }

    static SetAsideIndexes indexes(JdbcTemplate jdbc) {
        return new SetAsideIndexes(jdbc, new DataSourceTransactionManager(jdbc.getDataSource()));
    }

    /** Writes these rows over the stored ones, as the projection writes what it folded. */
    static void stored(PayoutRows rows, List<PayoutRow> written) {
        rows.upsert(rows.byIds(written.stream().map(PayoutRow::id).toList()), written);
    }

    static String id(int n) {
        return String.format("pay_%032x", n);
    }

    /** A payout of {@code n} thousand cents, without fee, written as of its first event. */
    static PayoutRow payout(int n, Mode mode, DriverId driver, PayoutStatus status, Instant requestedAt) {
        return new PayoutRow(id(n), mode, driver.value(), 1_000L * n, 0, 1_000L * n, status, Rail.STANDARD, null,
                null, null, null, requestedAt, null, null, null, null, null, null, null, 0);
    }
}
