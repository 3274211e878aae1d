package io.payouts.webhook.delivery;

import io.payouts.webhook.subscription.Subscriptions;
import io.payouts.webhook.subscription.WebhookTargets;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.PlatformTransactionManager;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Sends due deliveries as fast as their receivers answer (ADR-0030). One thread claims: whenever attempts are free
 * it leases what is due ({@link DeliveryClaims}: each subscription up to its concurrency, in turns) and starts each
 * attempt without waiting for it ({@link WebhookSender}). Another records: it takes every outcome that has arrived,
 * records them in one transaction ({@link DeliveryRecorder}) and wakes the claimer, so a finished attempt is followed
 * by the next due delivery at once; the poll interval only bounds how long an idle dispatcher takes to notice work
 * that came due by the clock or on another instance. A lease outlives any attempt, so a crashed instance's
 * deliveries are taken up again once their lease runs out.
 */
public class WebhookDispatcher implements SmartLifecycle {

    static final Duration LEASE = WebhookSender.TIMEOUT.plusSeconds(25);
    /** How often a busy dispatcher sweeps ({@link DeliveryClaims#sweep}); an idle one sweeps at every poll. */
    private static final Duration SWEEP_EVERY = Duration.ofSeconds(5);
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(10);
    private static final int MOST_RECORDED_AT_ONCE = 500;
    private static final Logger log = LoggerFactory.getLogger(WebhookDispatcher.class);

    private final DeliveryClaims claims;
    private final DeliveryRecorder recorder;
    private final WebhookTargets targets;
    private final Clock clock;
    private final DispatchLimits limits;
    private final AtomicInteger inFlight = new AtomicInteger();
    private Instant nextSweep = Instant.MIN;
    private final BlockingQueue<DeliveryOutcomes.Outcome> finished = new LinkedBlockingQueue<>();
    private final BlockingQueue<Boolean> wakeUps = new ArrayBlockingQueue<>(1);
    private volatile boolean running;
    private volatile ExecutorService senderThreads;
    private volatile WebhookSender sender;
    private Thread claiming;
    private Thread recording;

    WebhookDispatcher(DeliveryClaims claims, DeliveryRecorder recorder, WebhookTargets targets, Clock clock,
                      DispatchLimits limits) {
        this.claims = claims;
        this.recorder = recorder;
        this.targets = targets;
        this.clock = clock;
        this.limits = limits;
    }

    /** Wires a dispatcher and the parts it sends and records with. */
    public static WebhookDispatcher create(JdbcTemplate jdbc, Subscriptions subscriptions, WebhookTargets targets,
                                           Clock clock, PlatformTransactionManager transactions, RetrySchedule retries,
                                           DispatchLimits limits, DeliveryMetrics metrics) {
        return new WebhookDispatcher(new DeliveryClaims(jdbc, transactions),
                new DeliveryRecorder(new DeliveryOutcomes(jdbc), subscriptions, retries, metrics, clock, transactions),
                targets, clock, limits);
    }

    /** Something may have come due: look now rather than at the next poll. */
    public void wake() {
        wakeUps.offer(Boolean.TRUE);
    }

    /**
     * Leases what is due and free attempts can take, and starts sending it; returns how many it took. Sweeps when
     * its time has come.
     */
    int dispatchDue() {
        int room = limits.inFlightPerInstance() - inFlight.get();
        if (room <= 0) {
            return 0;
        }
        Instant now = clock.instant();
        boolean sweeping = !now.isBefore(nextSweep);
        List<ClaimedDelivery> due;
        try {
            due = sweeping ? claims.sweep(now, limits.perSubscription(), room, now.plus(LEASE))
                    : claims.claim(now, limits.perSubscription(), room, now.plus(LEASE));
            if (sweeping) {
                nextSweep = now.plus(SWEEP_EVERY);
            }
        } catch (RuntimeException e) {
            log.warn("Could not look for due webhook deliveries; next try in {}: {}", limits.pollInterval(),
                    e.toString());
            return 0;
        }
        for (ClaimedDelivery delivery : due) {
            inFlight.incrementAndGet();
            sender.send(delivery).thenAccept(attempt -> finished.add(new DeliveryOutcomes.Outcome(delivery, attempt)));
        }
        return due.size();
    }

    private void claimWhileRunning() {
        while (running) {
            int room = limits.inFlightPerInstance() - inFlight.get();
            if (room > 0 && dispatchDue() == room) {
                continue;
            }
            if (!awaitWakeUp(limits.pollInterval())) {
                nextSweep = Instant.MIN;
            }
        }
    }

    private void recordUntilStoppedAndDrained() {
        while (running || inFlight.get() > 0) {
            List<DeliveryOutcomes.Outcome> outcomes = takeFinished();
            if (outcomes.isEmpty()) {
                continue;
            }
            recorder.record(outcomes);
            inFlight.addAndGet(-outcomes.size());
            wake();
        }
    }

    private List<DeliveryOutcomes.Outcome> takeFinished() {
        List<DeliveryOutcomes.Outcome> outcomes = new ArrayList<>();
        try {
            DeliveryOutcomes.Outcome first = finished.poll(100, TimeUnit.MILLISECONDS);
            if (first != null) {
                outcomes.add(first);
                finished.drainTo(outcomes, MOST_RECORDED_AT_ONCE - 1);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return outcomes;
    }

    /** True when woken, false when the time ran out. */
    private boolean awaitWakeUp(Duration atMost) {
        try {
            return wakeUps.poll(atMost.toMillis(), TimeUnit.MILLISECONDS) != null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return true;
        }
    }

    @Override
    public synchronized void start() {
        AtomicInteger threads = new AtomicInteger();
        senderThreads = Executors.newCachedThreadPool(runnable -> daemon(runnable,
                "webhook-sender-" + threads.incrementAndGet()));
        sender = new WebhookSender(targets, clock, senderThreads);
        running = true;
        claiming = daemon(this::claimWhileRunning, "webhook-dispatcher");
        recording = daemon(this::recordUntilStoppedAndDrained, "webhook-recorder");
        claiming.start();
        recording.start();
    }

    /** Stops taking deliveries and lets the attempts under way finish and be recorded. */
    @Override
    public synchronized void stop() {
        if (!running) {
            return;
        }
        running = false;
        wake();
        try {
            claiming.join(STOP_TIMEOUT.toMillis());
            recording.join(STOP_TIMEOUT.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (recording.isAlive()) {
            log.info("{} webhook attempts still under way at the stop; their leases run out and they are sent again",
                    inFlight.get());
            recording.interrupt();
        }
        senderThreads.shutdownNow();
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    private static Thread daemon(Runnable runnable, String name) {
        Thread thread = new Thread(runnable, name);
        thread.setDaemon(true);
        return thread;
    }
}
