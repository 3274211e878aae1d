package io.payouts.service.sandbox;

import io.payouts.shared.Mode;
import io.payouts.shared.wallet.WalletId;
import org.axonframework.common.caching.Cache;
import org.axonframework.config.EventProcessingConfiguration;
import org.axonframework.eventhandling.EventTrackerStatus;
import org.axonframework.eventhandling.GapAwareTrackingToken;
import org.axonframework.eventhandling.StreamingEventProcessor;
import org.axonframework.eventhandling.WrappedToken;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.support.TransactionTemplate;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeSet;

/**
 * Clears the sandbox world (ADR-0015). Sandbox events are a simulation, not money, so they are deleted, in one
 * transaction that holds the sandbox lock exclusively: no sandbox command runs meanwhile, and every event
 * processor has first caught up with the event store, so none still holds a sandbox event it could write back
 * after the delete. Production rows and events are never touched: every statement names the sandbox.
 */
class SandboxReset {

    private static final Logger log = LoggerFactory.getLogger(SandboxReset.class);
    private static final Duration POLL = Duration.ofMillis(20);

    private final JdbcTemplate jdbc;
    private final TransactionTemplate transaction;
    private final SandboxLock lock;
    private final EventProcessingConfiguration processors;
    private final Cache walletCache;
    private final Duration timeout;

    SandboxReset(JdbcTemplate jdbc, TransactionTemplate transaction, SandboxLock lock,
                 EventProcessingConfiguration processors, Cache walletCache, Duration timeout) {
        this.jdbc = jdbc;
        this.transaction = transaction;
        this.lock = lock;
        this.processors = processors;
        this.walletCache = walletCache;
        this.timeout = timeout;
    }

    void reset() {
        transaction.executeWithoutResult(status -> {
            lock.exclusive();
            long head = jdbc.queryForObject("select coalesce(max(global_index), -1) from domain_event_entry",
                    Long.class);
            awaitProcessorsAt(head);
            String sandboxAggregates = SandboxWorld.aggregateIds();
            int snapshots = jdbc.update("delete from snapshot_event_entry where aggregate_identifier in ("
                    + sandboxAggregates + ")");
            int events = jdbc.update("delete from domain_event_entry where aggregate_identifier in ("
                    + sandboxAggregates + ")");
            int rows = SandboxWorld.ROWS.stream().mapToInt(jdbc::update).sum();
            // Still under the lock: the next sandbox command loads the wallet from the (now empty) store.
            walletCache.remove(WalletId.of(Mode.SANDBOX).value());
            log.info("Sandbox reset: {} events, {} snapshots and {} other rows deleted", events, snapshots, rows);
        });
    }

    private void awaitProcessorsAt(long head) {
        if (head < 0) {
            return;
        }
        long deadline = System.nanoTime() + timeout.toNanos();
        List<String> behind = behind(head);
        while (!behind.isEmpty()) {
            if (System.nanoTime() > deadline) {
                throw new SandboxResetTimeoutException(behind);
            }
            try {
                Thread.sleep(POLL.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new SandboxResetTimeoutException(behind);
            }
            behind = behind(head);
        }
    }

    /**
     * The processors (or their segments) that have not yet handled every event up to {@code head}: their position
     * is short of it, or they still wait for an event below it that has committed since they passed it (a gap).
     * Axon moves a segment's status only once its batch has committed, so its read-model writes are in by then.
     */
    private List<String> behind(long head) {
        List<String> behind = new ArrayList<>();
        Set<Long> gaps = new TreeSet<>();
        processors.eventProcessors().forEach((name, processor) -> {
            if (!(processor instanceof StreamingEventProcessor streaming)) {
                return;
            }
            Map<Integer, EventTrackerStatus> segments = streaming.processingStatus();
            if (segments.isEmpty()) {
                behind.add(name);
            }
            segments.forEach((segment, segmentStatus) -> {
                OptionalLong position = segmentStatus.getCurrentPosition();
                if (segmentStatus.isErrorState() || position.isEmpty() || position.getAsLong() < head) {
                    behind.add(name + "[" + segment + "]");
                }
                WrappedToken.unwrap(segmentStatus.getTrackingToken(), GapAwareTrackingToken.class)
                        .ifPresent(token -> gaps.addAll(token.getGaps().headSet(head + 1)));
            });
        });
        if (!gaps.isEmpty() && jdbc.queryForObject("select count(*) from domain_event_entry where global_index in ("
                + String.join(",", gaps.stream().map(String::valueOf).toList()) + ")", Long.class) > 0) {
            behind.add("events committed late, below " + head);
        }
        return behind;
    }
}
