package io.payouts.webhook.delivery;

import io.payouts.webhook.subscription.SubscriptionId;
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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Sends due deliveries as fast as their receivers answer (ADR-0030). One thread claims: for its leased subscriptions
 * ({@link SenderLeases}), it leases due deliveries within their concurrency ({@link DeliveryClaims}) and starts each
 * attempt without waiting ({@link WebhookSender}). Another records outcomes in one transaction
 * ({@link DeliveryRecorder}) and wakes the claimer, so a finished attempt's slot is refilled at once. The poll interval
 * only bounds how soon an idle dispatcher notices work due by the clock or from another instance. Every few seconds,
 * and when idle, it renews and takes leases and sweeps.
 */
public class WebhookDispatcher implements SmartLifecycle {

    static final Duration LEASE = WebhookSender.TIMEOUT.plusSeconds(25);
    private static final Duration SWEEP_EVERY = Duration.ofSeconds(5);
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(10);
    private static final int MOST_RECORDED_AT_ONCE = 500;
    private static final Logger log = LoggerFactory.getLogger(WebhookDispatcher.class);

    private final SenderLeases leases;
    private final DeliveryClaims claims;
    private final DeliveryRecorder deliveryRecorder;
    private final WebhookTargets targets;
    private final Clock clock;
    private final DispatchLimits limits;
    private final AtomicInteger inFlight = new AtomicInteger();
    private final Map<SubscriptionId, AtomicInteger> inFlightBySubscription = new ConcurrentHashMap<>();
    private final Set<String> underWay = ConcurrentHashMap.newKeySet();
    private final Map<SubscriptionId, SenderLeases.Held> held = new ConcurrentHashMap<>();
    private final BlockingQueue<DeliveryOutcomes.Outcome> finished = new LinkedBlockingQueue<>();
    private final BlockingQueue<Boolean> wakeUps = new ArrayBlockingQueue<>(1);
    private Instant nextSweep = Instant.MIN;
    private volatile boolean running;
    private volatile boolean claiming;
    private volatile ExecutorService senderThreads;
    private volatile WebhookSender sender;
    private Thread claimer;
    private Thread recorder;

    WebhookDispatcher(SenderLeases leases, DeliveryClaims claims, DeliveryRecorder recorder, WebhookTargets targets,
                      Clock clock, DispatchLimits limits) {
        this.leases = leases;
        this.claims = claims;
        this.deliveryRecorder = recorder;
        this.targets = targets;
        this.clock = clock;
        this.limits = limits;
    }

    /** Wires a dispatcher and the parts it claims, sends and records with. */
    public static WebhookDispatcher create(JdbcTemplate jdbc, Subscriptions subscriptions, WebhookTargets targets,
                                           Clock clock, PlatformTransactionManager transactions, RetrySchedule retries,
                                           DispatchLimits limits, DeliveryMetrics metrics) {
        return new WebhookDispatcher(new SenderLeases(jdbc), new DeliveryClaims(jdbc),
                new DeliveryRecorder(new DeliveryOutcomes(jdbc), subscriptions, retries, metrics, clock, transactions),
                targets, clock, limits);
    }

    /** Something may have come due: look now rather than at the next poll. */
    public void wake() {
        wakeUps.offer(Boolean.TRUE);
    }

    /**
     * Leases what is due and has room, and starts sending it; returns how many it took. Renews the sender leases
     * and sweeps when their time has come.
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
            if (sweeping) {
                renewLeases(now);
                nextSweep = now.plus(SWEEP_EVERY);
            }
            due = claims.claim(rooms(now), room, now, now.plus(LEASE), sweeping, sweeping ? Set.copyOf(underWay)
                    : Set.of());
        } catch (RuntimeException e) {
            log.warn("Could not look for due webhook deliveries; next try in {}: {}", limits.pollInterval(),
                    e.toString());
            return 0;
        }
        for (ClaimedDelivery delivery : due) {
            underWay.add(delivery.id());
            inFlight.incrementAndGet();
            inFlightOf(delivery.subscriptionId()).incrementAndGet();
            sender.send(delivery).thenAccept(attempt -> finished.add(new DeliveryOutcomes.Outcome(delivery, attempt)));
        }
        return due.size();
    }

    private void renewLeases(Instant now) {
        Map<SubscriptionId, SenderLeases.Held> current = new HashMap<>();
        leases.renewAndTake(now).forEach(lease -> current.put(lease.subscription(), lease));
        held.keySet().retainAll(current.keySet());
        held.putAll(current);
        claims.keepCursorsOf(current.keySet());
    }

    private Map<SubscriptionId, Integer> rooms(Instant now) {
        Map<SubscriptionId, Integer> rooms = new HashMap<>();
        held.forEach((subscription, lease) -> rooms.put(subscription,
                lease.concurrency(limits.perSubscription(), now) - inFlightOf(subscription).get()));
        return rooms;
    }

    private AtomicInteger inFlightOf(SubscriptionId subscription) {
        return inFlightBySubscription.computeIfAbsent(subscription, id -> new AtomicInteger());
    }

    private void claimWhileRunning() {
        try {
            while (running) {
                int room = limits.inFlightPerInstance() - inFlight.get();
                if (room > 0 && dispatchDue() > 0) {
                    continue;
                }
                if (!awaitWakeUp(limits.pollInterval())) {
                    nextSweep = Instant.MIN;
                }
            }
        } finally {
            claiming = false;
        }
    }

    /** Records until the claimer has stopped and every attempt it started is recorded. */
    private void recordUntilClaimingStoppedAndDrained() {
        while (claiming || inFlight.get() > 0) {
            List<DeliveryOutcomes.Outcome> outcomes = takeFinished();
            if (outcomes.isEmpty()) {
                continue;
            }
            deliveryRecorder.record(outcomes).forEach((subscription, health) -> held.computeIfPresent(subscription,
                    (id, lease) -> health));
            for (DeliveryOutcomes.Outcome outcome : outcomes) {
                inFlightOf(outcome.delivery().subscriptionId()).decrementAndGet();
                underWay.remove(outcome.delivery().id());
            }
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
        claiming = true;
        claimer = daemon(this::claimWhileRunning, "webhook-dispatcher");
        recorder = daemon(this::recordUntilClaimingStoppedAndDrained, "webhook-recorder");
        claimer.start();
        recorder.start();
    }

    /**
     * Stops taking deliveries, lets the attempts under way finish and be recorded, and gives the leases back: a
     * dispatcher that takes over sends none of them again.
     */
    @Override
    public synchronized void stop() {
        if (!running) {
            return;
        }
        running = false;
        wake();
        try {
            claimer.join(STOP_TIMEOUT.toMillis());
            recorder.join(STOP_TIMEOUT.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (recorder.isAlive()) {
            log.info("{} webhook attempts still under way at the stop; their leases run out and they are sent again",
                    inFlight.get());
            recorder.interrupt();
        }
        senderThreads.shutdownNow();
        try {
            leases.releaseAll();
        } catch (RuntimeException e) {
            log.warn("Could not give the webhook sender leases back; they run out in {}: {}", SenderLeases.LENGTH,
                    e.toString());
        }
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
