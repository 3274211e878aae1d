package io.payouts.query.consistency;

import io.payouts.shared.ReadModelLaggingException;
import org.axonframework.messaging.unitofwork.CurrentUnitOfWork;
import org.springframework.stereotype.Component;

import java.time.Duration;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.LongSupplier;

/**
 * Lets a reader wait until a projection has committed a given event of an aggregate's stream (ADR-0005).
 * Projections announce each applied (aggregate, sequence) after their unit of work commits; a waiter registers
 * before it looks at the read model, so an announcement cannot slip between the look and the wait. With several
 * instances the projection that applies the event may run in another one, whose announcement never reaches this
 * JVM: a waiter therefore also looks at the read model again, 10 ms after it began waiting, then at doubling
 * intervals of at most 200 ms (issue #17).
 */
@Component
public class ProjectionProgress {

    private static final Duration FIRST_POLL = Duration.ofMillis(10);
    private static final Duration MAX_POLL = Duration.ofMillis(200);

    private final ConcurrentHashMap<String, Set<Waiter>> waiters = new ConcurrentHashMap<>();

    /** Announces, once the current unit of work commits, that the aggregate's stream is applied up to {@code sequence}. */
    public void announceAfterCommit(String aggregateId, long sequence) {
        if (CurrentUnitOfWork.isStarted()) {
            CurrentUnitOfWork.get().afterCommit(unitOfWork -> announce(aggregateId, sequence));
        } else {
            announce(aggregateId, sequence);
        }
    }

    /**
     * Waits until {@code appliedVersion} reports at least {@code minVersion}.
     *
     * @return false when the timeout passed first
     */
    public boolean await(String aggregateId, long minVersion, LongSupplier appliedVersion, Duration timeout) {
        Waiter waiter = new Waiter(minVersion, new CompletableFuture<>());
        waiters.computeIfAbsent(aggregateId, id -> ConcurrentHashMap.newKeySet()).add(waiter);
        try {
            long deadline = System.nanoTime() + timeout.toNanos();
            long poll = FIRST_POLL.toNanos();
            while (appliedVersion.getAsLong() < minVersion) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return false;
                }
                try {
                    waiter.reached().get(Math.min(poll, left), TimeUnit.NANOSECONDS);
                    return true;
                } catch (TimeoutException notHere) {
                    poll = Math.min(poll * 2, MAX_POLL.toNanos());
                }
            }
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } catch (ExecutionException e) {
            throw new IllegalStateException(e.getCause());
        } finally {
            waiters.computeIfPresent(aggregateId, (id, set) -> {
                set.remove(waiter);
                return set.isEmpty() ? null : set;
            });
        }
    }

    /**
     * A query's read-your-writes (ADR-0005): returns at once for a negative {@code minVersion} (nothing to wait
     * for), else once {@code appliedVersion} reaches it.
     *
     * @throws ReadModelLaggingException naming the aggregate when the timeout passed first
     */
    public void requireApplied(String aggregateId, long minVersion, LongSupplier appliedVersion, Duration timeout) {
        requireApplied(aggregateId, minVersion, appliedVersion, timeout, aggregateId);
    }

    /** As {@link #requireApplied(String, long, LongSupplier, Duration)}, the exception naming {@code resourceId}. */
    public void requireApplied(String aggregateId, long minVersion, LongSupplier appliedVersion, Duration timeout,
                               String resourceId) {
        if (minVersion >= 0 && !await(aggregateId, minVersion, appliedVersion, timeout)) {
            throw new ReadModelLaggingException(resourceId);
        }
    }

    private void announce(String aggregateId, long sequence) {
        Set<Waiter> forAggregate = waiters.get(aggregateId);
        if (forAggregate != null) {
            forAggregate.stream()
                    .filter(waiter -> sequence >= waiter.minVersion())
                    .forEach(waiter -> waiter.reached().complete(null));
        }
    }

    private record Waiter(long minVersion, CompletableFuture<Void> reached) {
    }
}
