package io.payouts.webhook.delivery;

import io.payouts.webhook.subscription.Subscriptions;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Sends due deliveries (ADR-0014). Every poll interval it leases as many due deliveries as it has free senders,
 * and hands each to a bounded pool; a slow or dead receiver holds one sender for at most the 5 s timeout, never
 * the poller, the other senders or an event processor. Each attempt is recorded with its outcome; a failure is
 * retried per the {@link RetrySchedule}, and the last one at the end of the retry window fails the delivery and
 * may disable its subscription. A lease outlives any attempt, so a crashed instance's deliveries are taken up
 * again once their lease runs out.
 */
public class WebhookDispatcher implements SmartLifecycle {

    private static final Duration LEASE = WebhookSender.TIMEOUT.plusSeconds(25);
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(10);
    private static final Logger log = LoggerFactory.getLogger(WebhookDispatcher.class);

    private final Deliveries deliveries;
    private final Subscriptions subscriptions;
    private final WebhookSender sender;
    private final RetrySchedule retries;
    private final Clock clock;
    private final Duration pollInterval;
    private final int senders;
    private final TransactionTemplate recording;
    private final Semaphore free;
    private final DeliveryMetrics metrics;
    private volatile ScheduledExecutorService poller;
    private volatile ExecutorService pool;

    public WebhookDispatcher(Deliveries deliveries, Subscriptions subscriptions, WebhookSender sender,
                             RetrySchedule retries, Clock clock, Duration pollInterval, int senders,
                             PlatformTransactionManager transactions, DeliveryMetrics metrics) {
        this.deliveries = deliveries;
        this.subscriptions = subscriptions;
        this.sender = sender;
        this.retries = retries;
        this.clock = clock;
        this.pollInterval = pollInterval;
        this.senders = senders;
        this.recording = new TransactionTemplate(transactions);
        this.free = new Semaphore(senders);
        this.metrics = metrics;
    }

    /** Leases what is due and free senders can take, and starts sending it; returns how many it took. */
    int dispatchDue() {
        int capacity = free.availablePermits();
        if (capacity == 0) {
            return 0;
        }
        Instant now = clock.instant();
        List<Deliveries.Claimed> due = deliveries.claimDue(now, capacity, now.plus(LEASE));
        for (Deliveries.Claimed delivery : due) {
            free.acquireUninterruptibly();
            try {
                pool.execute(() -> {
                    try {
                        attempt(delivery);
                    } finally {
                        free.release();
                    }
                });
            } catch (RuntimeException rejected) {
                free.release();
                log.debug("{} not sent now, the dispatcher is stopping; its lease runs out", delivery);
            }
        }
        return due.size();
    }

    void attempt(Deliveries.Claimed delivery) {
        Deliveries.Attempt attempt = sender.send(delivery);
        metrics.attempted(delivery, attempt, clock.instant());
        try {
            recording.executeWithoutResult(status -> record(delivery, attempt));
        } catch (RuntimeException e) {
            log.warn("Could not record the outcome of {}; it is sent again when its lease runs out: {}", delivery,
                    e.toString());
        }
    }

    private void record(Deliveries.Claimed delivery, Deliveries.Attempt attempt) {
        deliveries.recordAttempt(delivery, attempt);
        Instant now = clock.instant();
        if (attempt.succeeded()) {
            deliveries.succeeded(delivery, now);
            return;
        }
        retries.next(delivery.attempt(), delivery.retryFrom(), now).ifPresentOrElse(
                next -> deliveries.retryAt(delivery, next, attempt.error()),
                () -> {
                    deliveries.failed(delivery, now, attempt.error());
                    metrics.gaveUp();
                    log.info("{} failed for good after {} attempts: {}", delivery, delivery.attempt(),
                            attempt.error());
                    String reason = "every delivery failed for " + spoken(retries.window()) + " (last error: "
                            + attempt.error() + "); create a new subscription once the receiver is fixed";
                    if (subscriptions.disableIfNothingSucceededSince(delivery.subscriptionId(),
                            now.minus(retries.window()), reason, now)) {
                        log.warn("Webhook subscription {} disabled: {}", delivery.subscriptionId(), reason);
                    }
                });
    }

    private void poll() {
        try {
            dispatchDue();
        } catch (RuntimeException e) {
            log.warn("Could not look for due webhook deliveries; next try in {}: {}", pollInterval, e.toString());
        }
    }

    static String spoken(Duration window) {
        if (window.toHours() > 0 && window.toHours() % 24 == 0) {
            long days = window.toDays();
            return days + (days == 1 ? " day" : " days");
        }
        return window.toString().substring(2).toLowerCase(java.util.Locale.ROOT);
    }

    @Override
    public void start() {
        AtomicInteger threads = new AtomicInteger();
        pool = Executors.newFixedThreadPool(senders, runnable -> {
            Thread thread = new Thread(runnable, "webhook-sender-" + threads.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
        ScheduledExecutorService started = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "webhook-dispatcher");
            thread.setDaemon(true);
            return thread;
        });
        started.scheduleWithFixedDelay(this::poll, pollInterval.toMillis(), pollInterval.toMillis(),
                TimeUnit.MILLISECONDS);
        poller = started;
    }

    /** Stops taking deliveries and lets the attempts under way finish and be recorded. */
    @Override
    public void stop() {
        ScheduledExecutorService runningPoller = poller;
        ExecutorService runningPool = pool;
        poller = null;
        if (runningPoller == null) {
            return;
        }
        runningPoller.shutdown();
        runningPool.shutdown();
        try {
            runningPoller.awaitTermination(STOP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            if (!runningPool.awaitTermination(STOP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                runningPool.shutdownNow();
            }
        } catch (InterruptedException e) {
            runningPool.shutdownNow();
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public boolean isRunning() {
        return poller != null;
    }
}
