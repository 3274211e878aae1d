package io.payouts.webhook.delivery;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.payouts.testsupport.DatabaseTest;
import io.payouts.webhook.subscription.SubscriptionId;
import io.payouts.webhook.subscription.Subscriptions;
import io.payouts.webhook.subscription.WebhookTargets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Exactly one sender per delivery attempt however many dispatchers share the database, and each receiver held to its
 * concurrency across them (ADR-0030): dispatchers racing over backlogs on one PostgreSQL, many rounds.
 */
@DatabaseTest
class DispatcherRaceTest {

    private static final DeliveryDatabase DATABASE = DeliveryDatabase.migrated();
    private static final int PER_SUBSCRIPTION = 4;
    private static final Duration ROUND_TIMEOUT = Duration.ofSeconds(60);

    private final List<WebhookDispatcher> dispatchers = new ArrayList<>();
    private final List<CountingReceiver> receivers = new ArrayList<>();

    @BeforeEach
    void startFromNothing() {
        DATABASE.empty();
    }

    @AfterEach
    void stop() {
        dispatchers.forEach(WebhookDispatcher::stop);
        receivers.forEach(CountingReceiver::close);
    }

    @Test
    void claimersRacingOverOneBacklogNeverLeaseADeliveryTwice() throws Exception {
        ExecutorService claimers = Executors.newFixedThreadPool(6);
        try {
            for (int round = 0; round < 25; round++) {
                DATABASE.empty();
                List<SubscriptionId> subscriptions = List.of(DATABASE.subscription("http://127.0.0.1:1/hooks"),
                        DATABASE.subscription("http://127.0.0.1:2/hooks"));
                Map<SubscriptionId, Integer> rooms = Map.of(subscriptions.get(0), 7, subscriptions.get(1), 7);
                subscriptions.forEach(subscription -> DATABASE.backlog(subscription, 150));
                Set<String> leased = ConcurrentHashMap.newKeySet();
                AtomicInteger twice = new AtomicInteger();
                CountDownLatch start = new CountDownLatch(1);
                List<Future<?>> running = new ArrayList<>();
                for (int claimer = 0; claimer < 6; claimer++) {
                    DeliveryClaims claims = new DeliveryClaims(DATABASE.jdbc);
                    running.add(claimers.submit(() -> {
                        start.await();
                        int emptyInARow = 0;
                        while (emptyInARow < 20) {
                            Instant now = Instant.now();
                            List<ClaimedDelivery> claimed = claims.claim(rooms, 7, now, now.plusSeconds(60), false, List.of());
                            emptyInARow = claimed.isEmpty() ? emptyInARow + 1 : 0;
                            claimed.forEach(delivery -> {
                                if (!leased.add(delivery.id())) {
                                    twice.incrementAndGet();
                                }
                            });
                        }
                        return null;
                    }));
                }
                start.countDown();
                for (Future<?> claimer : running) {
                    claimer.get();
                }
                assertThat(twice).as("deliveries leased twice in round " + round).hasValue(0);
                assertThat(leased).as("deliveries leased in round " + round).hasSize(300);
            }
        } finally {
            claimers.shutdownNow();
        }
    }

    @Test
    void twoDispatchersOverABacklogSendEachDeliveryOnceAcrossAHandOverAndHoldEachReceiverToItsConcurrency() {
        for (int round = 0; round < 6; round++) {
            DATABASE.empty();
            CountingReceiver first = receiver().thinking(2);
            CountingReceiver second = receiver().thinking(2);
            List<String> toFirst = DATABASE.backlog(DATABASE.subscription(first.url()), 150);
            List<String> toSecond = DATABASE.backlog(DATABASE.subscription(second.url()), 150);
            List<WebhookDispatcher> racing = List.of(dispatcher(), dispatcher());
            racing.forEach(WebhookDispatcher::start);
            await("round " + round + " under way").atMost(ROUND_TIMEOUT).until(() -> DATABASE.pending() < 200);

            racing.get(round % 2).stop();

            await("round " + round + " delivered").atMost(ROUND_TIMEOUT)
                    .until(() -> DATABASE.pending() == 0);

            assertThat(first.delivered()).containsOnlyKeys(toFirst);
            assertThat(second.delivered()).containsOnlyKeys(toSecond);
            assertThat(first.delivered().values()).allSatisfy(times -> assertThat(times).hasValue(1));
            assertThat(second.delivered().values()).allSatisfy(times -> assertThat(times).hasValue(1));
            assertThat(first.requests() + second.requests()).isEqualTo(300);
            assertThat(DATABASE.jdbc.queryForObject("select count(*) from webhook_attempt", Integer.class))
                    .isEqualTo(300);
            assertThat(first.mostUnderWay()).isLessThanOrEqualTo(PER_SUBSCRIPTION);
            assertThat(second.mostUnderWay()).isLessThanOrEqualTo(PER_SUBSCRIPTION);
            racing.forEach(WebhookDispatcher::stop);
        }
    }

    @Test
    void aReceiverInTroubleIsProbedOneAttemptAtATimeWhileTheOthersAreServedThenGetsItsConcurrencyBack() {
        CountingReceiver down = receiver().answering(503);
        CountingReceiver up = receiver();
        SubscriptionId troubled = DATABASE.subscription(down.url());
        List<String> toDown = DATABASE.backlog(troubled, 200);
        List<String> toUp = DATABASE.backlog(DATABASE.subscription(up.url()), 200);
        dispatcher().start();

        await("the healthy receiver served").atMost(ROUND_TIMEOUT).until(() -> up.delivered().size() == toUp.size());
        assertThat(down.requests()).as("attempts at the receiver in trouble meanwhile")
                .isLessThanOrEqualTo(PER_SUBSCRIPTION + 3);
        assertThat(DATABASE.jdbc.queryForObject(
                "select consecutive_failures from webhook_subscription where id = ?", Integer.class,
                troubled.value())).isPositive();

        down.answering(200);
        await("the recovered receiver served what was never tried").atMost(ROUND_TIMEOUT)
                .until(() -> down.delivered().size() == toDown.size() - failedOnce(troubled));
        assertThat(DATABASE.jdbc.queryForObject(
                "select consecutive_failures from webhook_subscription where id = ?", Integer.class,
                troubled.value())).isZero();
    }

    private int failedOnce(SubscriptionId subscription) {
        Integer failed = DATABASE.jdbc.queryForObject("""
                select count(distinct a.delivery_id) from webhook_attempt a
                    join webhook_delivery d on d.id = a.delivery_id
                where d.subscription_id = ? and a.status_code = 503""", Integer.class, subscription.value());
        return failed == null ? 0 : failed;
    }

    private CountingReceiver receiver() {
        CountingReceiver receiver = CountingReceiver.start();
        receivers.add(receiver);
        return receiver;
    }

    private WebhookDispatcher dispatcher() {
        Clock clock = Clock.systemUTC();
        WebhookDispatcher dispatcher = WebhookDispatcher.create(DATABASE.jdbc, new Subscriptions(DATABASE.jdbc),
                new WebhookTargets(true), clock, DATABASE.transactions,
                new RetrySchedule(Duration.ofMinutes(1), Duration.ofDays(3), () -> 0.5),
                new DispatchLimits(PER_SUBSCRIPTION, 32, Duration.ofMillis(200)),
                new DeliveryMetrics(new SimpleMeterRegistry()));
        dispatchers.add(dispatcher);
        return dispatcher;
    }
}
