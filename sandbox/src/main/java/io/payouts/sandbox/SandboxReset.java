package io.payouts.sandbox;

import io.payouts.platform.commands.Commands;
import io.payouts.platform.commands.Origin;
import io.payouts.platform.stream.EventStreamPositions;
import io.payouts.platform.tables.ForgetsSandbox;
import io.payouts.platform.tables.SandboxWorld;
import io.payouts.shared.Mode;
import io.payouts.shared.wallet.ResetSandboxCommand;
import io.payouts.shared.wallet.SandboxResetEvent;
import io.payouts.shared.wallet.WalletId;
import org.axonframework.common.caching.Cache;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.transaction.support.TransactionTemplate;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Clears the sandbox world (ADR-0015) in one transaction holding the sandbox lock exclusively, once every event
 * processor has caught up: no sandbox command runs meanwhile, and no processor can write a sandbox event back after
 * the delete. Sandbox events are a simulation, not money, so PostgreSQL deletes them. Axon Server cannot: there the
 * sandbox's aggregates are discarded, their personal-data keys destroyed, and a {@link SandboxResetEvent} empties the
 * wallet and tells every read model to forget the sandbox. Each module forgets its own sandbox rows
 * ({@link ForgetsSandbox}); production is never touched.
 */
public class SandboxReset {

    private static final Logger log = LoggerFactory.getLogger(SandboxReset.class);

    /** The sandbox wallet: its events go with the rest, but where events stay it is emptied, never discarded. */
    static final String WALLET = WalletId.of(Mode.SANDBOX).value();

    private final List<ForgetsSandbox> modules;
    private final TransactionTemplate transaction;
    private final SandboxLock lock;
    private final EventStreamPositions caughtUp;
    private final List<Cache> aggregateCaches;
    private final Duration timeout;
    private final KeptEvents keptEvents;
    private final Executor executor;

    /**
     * What a reset that keeps the events needs; {@code null} where events are deleted.
     *
     * @param discarded where the discarded aggregates are named
     * @param commands  to record the reset on the sandbox wallet
     * @param clock     the reset's time
     */
    record KeptEvents(DiscardedSandboxAggregates discarded, Commands commands, Clock clock) {
    }

    SandboxReset(List<ForgetsSandbox> modules, TransactionTemplate transaction, SandboxLock lock,
                 EventStreamPositions caughtUp, List<Cache> aggregateCaches, Duration timeout, KeptEvents keptEvents,
                 Executor executor) {
        this.modules = List.copyOf(modules);
        this.transaction = transaction;
        this.lock = lock;
        this.caughtUp = caughtUp;
        this.aggregateCaches = aggregateCaches;
        this.timeout = timeout;
        this.keptEvents = keptEvents;
        this.executor = executor;
    }

    /**
     * Resets the sandbox, answering within the timeout: {@link Outcome#DONE}, or {@link Outcome#CONTINUING} when the
     * deletes of a large world outlast it (they go on under the lock and commit by themselves; a failure rolls all of
     * them back). A refusal before the deletes begin (event processing behind) is thrown, and nothing is reset.
     */
    public Outcome reset() {
        CompletableFuture<Void> clearing = new CompletableFuture<>();
        CompletableFuture<Void> finished = CompletableFuture.runAsync(() -> clear(clearing), executor);
        finished.whenComplete((done, failure) -> {
            if (failure != null) {
                clearing.completeExceptionally(failure);
            }
        });
        if (await(finished, timeout)) {
            return Outcome.DONE;
        }
        // the catch-up ends within the same timeout, so this answers moments later
        await(clearing, null);
        return Outcome.CONTINUING;
    }

    /** Whether {@code step} ended within {@code timeout} (null: however long it takes); its failure is thrown. */
    private static boolean await(CompletableFuture<Void> step, Duration timeout) {
        try {
            if (timeout == null) {
                step.get();
            } else {
                step.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            }
            return true;
        } catch (TimeoutException stillRunning) {
            return false;
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the sandbox was being reset", interrupted);
        } catch (ExecutionException failed) {
            throw failed.getCause() instanceof RuntimeException refusal ? refusal
                    : new IllegalStateException("the sandbox reset failed", failed.getCause());
        }
    }

    /** How a reset answered: done, or still deleting when the timeout came. */
    public enum Outcome {
        DONE,
        CONTINUING
    }

    private void clear(CompletableFuture<Void> clearing) {
        transaction.executeWithoutResult(status -> {
            lock.exclusive();
            List<String> behind = caughtUp.awaitCaughtUp(caughtUp.head(), timeout);
            if (!behind.isEmpty()) {
                throw new SandboxResetTimeoutException(behind);
            }
            clearing.complete(null);
            try {
                if (keptEvents != null) {
                    discard();
                } else {
                    delete();
                }
            } catch (RuntimeException failed) {
                log.error("Sandbox reset failed while clearing; nothing was reset", failed);
                throw failed;
            }
        });
    }

    /**
     * The reset's event is recorded last: it is the one write that cannot roll back with the rest, and once the
     * wallet has handled it the reset is done.
     */
    private void discard() {
        Instant at = keptEvents.clock().instant();
        SandboxWorld world = world(true);
        int discarded = keptEvents.discarded().discard(world.aggregates(), at);
        Map<String, Integer> rows = forget(world);
        keptEvents.commands().send(ResetSandboxCommand.at(at), Origin.NONE);
        log.info("Sandbox reset: {} aggregates discarded and rows deleted or personal-data keys destroyed {};"
                + " its events stay stored", discarded, rows);
    }

    private void delete() {
        Map<String, Integer> rows = forget(world(false));
        // Still under the lock: the next sandbox command loads its aggregates from the (now empty) store. A cache
        // does not tell modes apart, so it is emptied whole; production aggregates are loaded again once.
        aggregateCaches.forEach(Cache::removeAll);
        log.info("Sandbox reset: rows deleted {}", rows);
    }

    /** What every module's tables name of the sandbox, before any module forgets anything. */
    private SandboxWorld world(boolean eventsKept) {
        Set<String> aggregates = new HashSet<>(Set.of(WALLET));
        Set<String> apiKeys = new HashSet<>();
        for (ForgetsSandbox module : modules) {
            aggregates.addAll(module.sandboxAggregates());
            apiKeys.addAll(module.sandboxApiKeys());
        }
        return new SandboxWorld(aggregates, apiKeys, eventsKept);
    }

    /** Has every module forget its sandbox rows; how many each changed, by module. */
    private Map<String, Integer> forget(SandboxWorld world) {
        Map<String, Integer> rows = new LinkedHashMap<>();
        for (ForgetsSandbox module : modules) {
            rows.merge(module.getClass().getSimpleName(), module.forget(world), Integer::sum);
        }
        return rows;
    }
}
