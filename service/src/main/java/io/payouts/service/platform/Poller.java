package io.payouts.service.platform;

import org.axonframework.spring.config.SpringAxonConfiguration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

import java.time.Duration;
import java.util.function.Supplier;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Runs one round of database-claimed work every poll interval (or sooner, when the work is due at known instants) on a
 * thread of its own. It starts after Axon (its
 * command bus and processors) and stops before it, so no round meets a stopped command bus; a failed round is
 * logged and the next one tries again.
 */
public abstract class Poller implements SmartLifecycle {

    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(10);
    private static final Duration MIN_LEASE = Duration.ofSeconds(10);
    private static final Logger log = LoggerFactory.getLogger(Poller.class);

    private final String threadName;
    private final Duration pollInterval;
    private volatile ScheduledExecutorService executor;

    protected Poller(String threadName, Duration pollInterval) {
        this.threadName = threadName;
        this.pollInterval = pollInterval;
    }

    /**
     * A poller whose rounds run on one instance at a time, the one that holds the job's lease. The lease
     * lasts ten poll intervals, at least ten seconds: another instance takes the job over that long after its holder
     * died, or at its next round after its holder stopped.
     */
    public static Poller leased(Duration pollInterval, String job, JobLeases leases, Runnable round) {
        return leased(pollInterval, () -> pollInterval, job, leases, round);
    }

    /** A leased poller whose next round starts after {@code nextDelay}, asked after each round. */
    public static Poller leased(Duration pollInterval, Supplier<Duration> nextDelay, String job, JobLeases leases,
                                Runnable round) {
        Duration tenRounds = pollInterval.multipliedBy(10);
        Duration length = tenRounds.compareTo(MIN_LEASE) < 0 ? MIN_LEASE : tenRounds;
        return new Poller(job, pollInterval) {
            @Override
            protected void pollOnce() {
                if (leases.tryHold(job, length)) {
                    round.run();
                }
            }

            @Override
            protected Duration nextDelay() {
                return nextDelay.get();
            }

            @Override
            public void stop() {
                super.stop();
                try {
                    leases.release(job);
                } catch (RuntimeException e) {
                    log.warn("{}: could not give the lease back; another instance takes it in {}: {}", job, length,
                            e.toString());
                }
            }
        };
    }

    /** One round: claims what is due and works it off. */
    protected abstract void pollOnce();

    /** How long after a round the next one starts. */
    protected Duration nextDelay() {
        return pollInterval;
    }

    private void poll() {
        try {
            pollOnce();
        } catch (RuntimeException e) {
            log.warn("{}: a round failed; next try in {}: {}", threadName, pollInterval, e.toString());
        }
        scheduleNext(executor);
    }

    private void scheduleNext(ScheduledExecutorService running) {
        if (running == null || running.isShutdown()) {
            return;
        }
        long delay;
        try {
            delay = Math.max(0, nextDelay().toMillis());
        } catch (RuntimeException e) {
            delay = pollInterval.toMillis();
        }
        try {
            running.schedule(this::poll, delay, TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException stopping) {
            // stop() shut the executor down between the check and the schedule: no more rounds
        }
    }

    @Override
    public void start() {
        ScheduledExecutorService started = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, threadName);
            thread.setDaemon(true);
            return thread;
        });
        executor = started;
        started.schedule(this::poll, pollInterval.toMillis(), TimeUnit.MILLISECONDS);
    }

    @Override
    public void stop() {
        ScheduledExecutorService running = executor;
        executor = null;
        if (running == null) {
            return;
        }
        running.shutdown();
        try {
            if (!running.awaitTermination(STOP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                running.shutdownNow();
            }
        } catch (InterruptedException e) {
            running.shutdownNow();
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public boolean isRunning() {
        return executor != null;
    }

    @Override
    public int getPhase() {
        return SpringAxonConfiguration.LIFECYCLE_PHASE + 1;
    }
}
