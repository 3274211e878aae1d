package io.payouts.query.consistency;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.util.Collection;
import java.util.HashMap;
import java.util.Map;

/**
 * The newest sequence number of aggregates' stored streams: a read-model row that has applied it is current, one that
 * has not is behind a write, and the read answers from the stream instead (ADR-0018). An indexed lookup in the event
 * table, one query for any number of aggregates, so it holds across instances. Under the Axon Server profile the
 * events are not in this table: every row counts as current there (ADR-0018 names it for the scale-out work).
 */
@Component
public class StreamHeads {

    private final JdbcTemplate jdbc;

    StreamHeads(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** Each aggregate's head; one with no stored event is absent. */
    public Map<String, Long> headsOf(Collection<String> aggregateIds) {
        Map<String, Long> heads = new HashMap<>();
        if (!aggregateIds.isEmpty()) {
            jdbc.query("""
                            select aggregate_identifier, max(sequence_number) as head from domain_event_entry
                            where aggregate_identifier = any (?) group by aggregate_identifier""",
                    row -> {
                        heads.put(row.getString("aggregate_identifier"), row.getLong("head"));
                    }, (Object) aggregateIds.toArray(String[]::new));
        }
        return heads;
    }
}
