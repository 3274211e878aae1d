package io.payouts.command.wallet;

import io.payouts.platform.eventstore.EventTables;
import org.axonframework.eventhandling.DomainEventData;
import org.axonframework.eventsourcing.snapshotting.SnapshotFilter;
import org.springframework.jdbc.core.JdbcTemplate;

import java.sql.Timestamp;

/**
 * Uses a snapshot only while the history it summarises is still stored: the event at the snapshot's sequence number
 * exists and is older than the snapshot. A sandbox reset deletes the sandbox wallet's events and snapshots
 * (ADR-0015); a snapshot that was being written at that moment would otherwise bring the old balance back into the
 * new sandbox. One indexed lookup per wallet load, and the wallet is cached (ADR-0011).
 */
class StoredHistorySnapshotFilter implements SnapshotFilter {

    private final JdbcTemplate jdbc;

    StoredHistorySnapshotFilter(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    @Override
    public boolean test(DomainEventData<?> snapshot) {
        Boolean stored = jdbc.queryForObject("select exists (select 1 from " + EventTables.EVENTS
                        + " where aggregate_identifier = ? and sequence_number = ? and time_stamp::timestamptz <= ?)",
                Boolean.class, snapshot.getAggregateIdentifier(), snapshot.getSequenceNumber(),
                Timestamp.from(snapshot.getTimestamp()));
        return Boolean.TRUE.equals(stored);
    }
}
