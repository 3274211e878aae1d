package io.payouts.service.sandbox;

import io.payouts.platform.commands.Commands;
import io.payouts.platform.commands.Origin;
import io.payouts.platform.stream.EventStreamPositions;
import io.payouts.shared.wallet.ResetSandboxCommand;
import io.payouts.shared.wallet.SandboxResetEvent;
import org.axonframework.common.caching.Cache;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.support.TransactionTemplate;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * Clears the sandbox world (ADR-0015), in one transaction that holds the sandbox lock exclusively: no sandbox command
 * runs meanwhile, and every event processor has first caught up with the event store, so none still holds a sandbox
 * event it could write back after the delete. Sandbox events are a simulation, not money, so in PostgreSQL they are
 * deleted. Axon Server cannot delete events: there the sandbox's drivers, payouts and batches are discarded (reads and
 * commands treat them as never written), their personal-data keys destroyed, and the wallet records a
 * {@link SandboxResetEvent} that empties it and tells every read model, live or rebuilding, to forget the sandbox.
 * Production rows and events are never touched: every statement names the sandbox.
 */
class SandboxReset {

    private static final Logger log = LoggerFactory.getLogger(SandboxReset.class);

    private final JdbcTemplate jdbc;
    private final TransactionTemplate transaction;
    private final SandboxLock lock;
    private final EventStreamPositions caughtUp;
    private final List<Cache> aggregateCaches;
    private final Duration timeout;
    private final KeptEvents keptEvents;

    /**
     * What a reset that keeps the events needs; {@code null} where events are deleted.
     *
     * @param discarded where the discarded aggregates are named
     * @param commands  to record the reset on the sandbox wallet
     * @param clock     the reset's time
     */
    record KeptEvents(DiscardedSandboxAggregates discarded, Commands commands, Clock clock) {
    }

    SandboxReset(JdbcTemplate jdbc, TransactionTemplate transaction, SandboxLock lock, EventStreamPositions caughtUp,
                 List<Cache> aggregateCaches, Duration timeout, KeptEvents keptEvents) {
        this.jdbc = jdbc;
        this.transaction = transaction;
        this.lock = lock;
        this.caughtUp = caughtUp;
        this.aggregateCaches = aggregateCaches;
        this.timeout = timeout;
        this.keptEvents = keptEvents;
    }

    void reset() {
        transaction.executeWithoutResult(status -> {
            lock.exclusive();
            List<String> behind = caughtUp.awaitCaughtUp(caughtUp.head(), timeout);
            if (!behind.isEmpty()) {
                throw new SandboxResetTimeoutException(behind);
            }
            if (keptEvents != null) {
                discard();
            } else {
                delete();
            }
        });
    }

    /**
     * The reset's event is recorded last: it is the one write that cannot roll back with the rest, and once the
     * wallet has handled it the reset is done.
     */
    private void discard() {
        Instant at = keptEvents.clock().instant();
        int discarded = keptEvents.discarded().discard(SandboxWorld.aggregateIds(), at);
        int keys = jdbc.update(SandboxWorld.DESTROY_KEYS);
        int rows = SandboxWorld.ROWS.stream().mapToInt(jdbc::update).sum();
        keptEvents.commands().send(ResetSandboxCommand.at(at), Origin.NONE);
        log.info("Sandbox reset: {} aggregates discarded, {} personal-data keys destroyed and {} other rows deleted;"
                + " its events stay stored", discarded, keys, rows);
    }

    private void delete() {
        String sandboxAggregates = SandboxWorld.aggregateIds();
        int snapshots = jdbc.update("delete from snapshot_event_entry where aggregate_identifier in ("
                + sandboxAggregates + ")");
        int events = jdbc.update("delete from domain_event_entry where aggregate_identifier in ("
                + sandboxAggregates + ")");
        int rows = jdbc.update(SandboxWorld.DELETE_KEYS) + SandboxWorld.ROWS.stream().mapToInt(jdbc::update).sum();
        // Still under the lock: the next sandbox command loads its aggregates from the (now empty) store. A cache
        // does not tell modes apart, so it is emptied whole; production aggregates are loaded again once.
        aggregateCaches.forEach(Cache::removeAll);
        log.info("Sandbox reset: {} events, {} snapshots and {} other rows deleted", events, snapshots, rows);
    }
}
