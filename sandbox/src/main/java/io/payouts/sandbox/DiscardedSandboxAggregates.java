package io.payouts.sandbox;

import io.payouts.query.consistency.DiscardedStreams;
import org.springframework.jdbc.core.JdbcTemplate;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.Collection;

/**
 * The sandbox drivers, payouts and batches a reset discarded while their events stay stored (Axon Server,
 * ADR-0015), in PostgreSQL so that every instance sees them: reads fold no events for them and sandbox commands naming
 * them are refused as not found.
 */
class DiscardedSandboxAggregates implements DiscardedStreams {

    private final JdbcTemplate jdbc;

    DiscardedSandboxAggregates(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * Discards these aggregates but the sandbox wallet, which is emptied instead, in the caller's transaction; returns
     * how many were new.
     */
    int discard(Collection<String> aggregateIds, Instant at) {
        return jdbc.update("insert into sandbox_discarded_aggregate (aggregate_id, discarded_at) select id, ? from"
                + " unnest(?) as discarded (id) where id <> ? on conflict do nothing", Timestamp.from(at),
                aggregateIds.toArray(String[]::new), SandboxReset.WALLET);
    }

    @Override
    public boolean discarded(String aggregateId) {
        return Boolean.TRUE.equals(jdbc.queryForObject(
                "select exists (select 1 from sandbox_discarded_aggregate where aggregate_id = ?)", Boolean.class,
                aggregateId));
    }
}
