package io.payouts.query.consistency;

import io.payouts.platform.stream.EventStreamPositions;
import org.springframework.stereotype.Component;

import java.util.Collection;
import java.util.Map;

/**
 * The newest sequence number of aggregates' stored streams: a read-model row that has applied it is current, one that
 * has not is behind a write, and the read answers from the stream instead (ADR-0018). The heads are the
 * {@link EventStreamPositions} port's: with the events in PostgreSQL, the one read with the row; with Axon Server, one
 * resource's read asks the server for its stream's head (ADR-0029), while the payouts listed with a batch count as
 * current.
 */
@Component
public class StreamHeads {

    private final EventStreamPositions positions;

    StreamHeads(EventStreamPositions positions) {
        this.positions = positions;
    }

    /**
     * A row at {@code rowVersion} has applied its aggregate's newest stored event; {@code tableHead} is that head as
     * read with the row from PostgreSQL's event table.
     */
    public boolean current(String aggregateId, long rowVersion, long tableHead) {
        return rowVersion >= positions.streamHead(aggregateId, tableHead);
    }

    /** Each aggregate's head; one with no stored event is absent. */
    public Map<String, Long> headsOf(Collection<String> aggregateIds) {
        return positions.streamHeads(aggregateIds);
    }
}
