package io.payouts.service.sandbox;

import org.axonframework.common.caching.Cache;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.support.TransactionTemplate;

import java.time.Duration;
import java.util.List;

/**
 * Clears the sandbox world (ADR-0015). Sandbox events are a simulation, not money, so they are deleted, in one
 * transaction that holds the sandbox lock exclusively: no sandbox command runs meanwhile, and every event
 * processor has first caught up with the event store, so none still holds a sandbox event it could write back
 * after the delete. Production rows and events are never touched: every statement names the sandbox.
 */
class SandboxReset {

    private static final Logger log = LoggerFactory.getLogger(SandboxReset.class);

    private final JdbcTemplate jdbc;
    private final TransactionTemplate transaction;
    private final SandboxLock lock;
    private final ProcessorsCaughtUp caughtUp;
    private final List<Cache> aggregateCaches;
    private final Duration timeout;
    private final boolean eventsInPostgres;

    SandboxReset(JdbcTemplate jdbc, TransactionTemplate transaction, SandboxLock lock, ProcessorsCaughtUp caughtUp,
                 List<Cache> aggregateCaches, Duration timeout, boolean eventsInPostgres) {
        this.jdbc = jdbc;
        this.transaction = transaction;
        this.lock = lock;
        this.caughtUp = caughtUp;
        this.aggregateCaches = aggregateCaches;
        this.timeout = timeout;
        this.eventsInPostgres = eventsInPostgres;
    }

    void reset() {
        if (!eventsInPostgres) {
            throw new SandboxResetUnsupportedException();
        }
        transaction.executeWithoutResult(status -> {
            lock.exclusive();
            List<String> behind = caughtUp.awaitAt(caughtUp.head(), timeout);
            if (!behind.isEmpty()) {
                throw new SandboxResetTimeoutException(behind);
            }
            String sandboxAggregates = SandboxWorld.aggregateIds();
            int snapshots = jdbc.update("delete from snapshot_event_entry where aggregate_identifier in ("
                    + sandboxAggregates + ")");
            int events = jdbc.update("delete from domain_event_entry where aggregate_identifier in ("
                    + sandboxAggregates + ")");
            int rows = SandboxWorld.ROWS.stream().mapToInt(jdbc::update).sum();
            // Still under the lock: the next sandbox command loads its aggregates from the (now empty) store. A cache
            // does not tell modes apart, so it is emptied whole; production aggregates are loaded again once.
            aggregateCaches.forEach(Cache::removeAll);
            log.info("Sandbox reset: {} events, {} snapshots and {} other rows deleted", events, snapshots, rows);
        });
    }
}
