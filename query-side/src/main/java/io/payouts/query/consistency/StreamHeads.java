package io.payouts.query.consistency;

import io.payouts.platform.eventstore.EventTables;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.util.Collection;
import java.util.HashMap;
import java.util.Map;

/**
 * The newest sequence number of aggregates' stored streams: a read-model row that has applied it is current, one that
 * has not is behind a write, and the read answers from the stream instead (ADR-0018). An indexed lookup in the event
 * table, one query for any number of aggregates, so it holds across instances. Under the Axon Server profile the
 * events are not in this table: one resource's read asks the server for its stream's head (ADR-0029), while the
 * payouts listed with a batch count as current (a request to the server for each of up to 1,000 would cost more
 * than the projection lag they could hide).
 */
@Component
public class StreamHeads {

    private final JdbcTemplate jdbc;
    private final AxonServerPositions axonServer;

    StreamHeads(JdbcTemplate jdbc, ObjectProvider<AxonServerPositions> axonServer) {
        this.jdbc = jdbc;
        this.axonServer = axonServer.getIfAvailable();
    }

    /**
     * A row at {@code rowVersion} has applied its aggregate's newest stored event; {@code tableHead} is that head as
     * read with the row from PostgreSQL's event table.
     */
    public boolean current(String aggregateId, long rowVersion, long tableHead) {
        return rowVersion >= (axonServer == null ? tableHead : axonServer.streamHead(aggregateId));
    }

    /** Each aggregate's head; one with no stored event is absent. */
    public Map<String, Long> headsOf(Collection<String> aggregateIds) {
        Map<String, Long> heads = new HashMap<>();
        if (!aggregateIds.isEmpty() && axonServer == null) {
            jdbc.query("select aggregate_identifier, max(sequence_number) as head from " + EventTables.EVENTS
                            + " where aggregate_identifier = any (?) group by aggregate_identifier",
                    row -> {
                        heads.put(row.getString("aggregate_identifier"), row.getLong("head"));
                    }, (Object) aggregateIds.toArray(String[]::new));
        }
        return heads;
    }
}
