package io.payouts.query.consistency;

import org.axonframework.eventhandling.GenericEventMessage;
import org.axonframework.messaging.unitofwork.CurrentUnitOfWork;
import org.axonframework.messaging.unitofwork.DefaultUnitOfWork;
import org.axonframework.messaging.unitofwork.UnitOfWork;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

import static org.assertj.core.api.Assertions.assertThat;

class ProjectionProgressTest {

    private static final String DRIVER = "drv_" + "0".repeat(31) + "1";
    private static final String OTHER_DRIVER = "drv_" + "0".repeat(31) + "2";
    private static final Duration TIMEOUT = Duration.ofMillis(500);

    private final ProjectionProgress progress = new ProjectionProgress();
    /** One thread per waiter, so concurrent waiters never queue behind each other. */
    private final ExecutorService readers = Executors.newCachedThreadPool();

    @AfterEach
    void stopReadersAndEndUnitsOfWork() {
        readers.shutdownNow();
        while (CurrentUnitOfWork.isStarted()) {
            CurrentUnitOfWork.get().rollback();
        }
    }

    @Test
    void returnsAtOnceWhenTheAppliedVersionAlreadyMeetsTheMinimum() {
        AtomicInteger looks = new AtomicInteger();

        boolean reached = progress.await(DRIVER, 4, () -> {
            looks.incrementAndGet();
            return 4;
        }, TIMEOUT);

        assertThat(reached).isTrue();
        assertThat(looks).as("a timed-out wait would look at the read model a second time").hasValue(1);
    }

    @Test
    void returnsTrueWhenAnotherThreadAnnouncesTheMinimum() throws Exception {
        Waiting waiting = waitFor(DRIVER, 5, () -> 3);

        progress.announceAfterCommit(DRIVER, 5);

        assertThat(waiting.result().get(5, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void returnsTrueWhenAnotherThreadAnnouncesBeyondTheMinimum() throws Exception {
        Waiting waiting = waitFor(DRIVER, 5, () -> 3);

        progress.announceAfterCommit(DRIVER, 9);

        assertThat(waiting.result().get(5, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void anAnnouncementBelowTheMinimumDoesNotReleaseTheWaiter() throws Exception {
        Waiting waiting = waitFor(DRIVER, 5, () -> 3);

        progress.announceAfterCommit(DRIVER, 4);

        assertThat(waiting.result().get(5, TimeUnit.SECONDS)).isFalse();
    }

    @Test
    void returnsFalseWhenNothingIsAnnouncedBeforeTheTimeout() {
        assertThat(progress.await(DRIVER, 5, () -> 3, Duration.ofMillis(100))).isFalse();
    }

    @Test
    void returnsTrueWhenALaterLookMeetsTheMinimumWithoutAnAnnouncement() {
        AtomicInteger looks = new AtomicInteger();

        boolean reached = progress.await(DRIVER, 5, () -> looks.incrementAndGet() == 1 ? 3 : 5, Duration.ofMillis(100));

        assertThat(reached).isTrue();
        assertThat(looks).hasValue(2);
    }

    /** Another instance's projection applied the event: its announcement never reaches this JVM, a later look does. */
    @Test
    void seesAVersionAppliedByAnotherInstanceWithoutWaitingForTheTimeout() throws Exception {
        AtomicLong applied = new AtomicLong(3);
        CompletableFuture<Boolean> result = CompletableFuture.supplyAsync(
                () -> progress.await(DRIVER, 5, applied::get, Duration.ofMinutes(1)), readers);

        applied.set(5);

        assertThat(result.get(5, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void doesNotWakeWaitersForOtherAggregates() throws Exception {
        Waiting forDriver = waitFor(DRIVER, 5, () -> 3);
        Waiting forOtherDriver = waitFor(OTHER_DRIVER, 5, () -> 3);

        progress.announceAfterCommit(OTHER_DRIVER, 5);

        assertThat(forOtherDriver.result().get(5, TimeUnit.SECONDS)).isTrue();
        assertThat(forDriver.result().get(5, TimeUnit.SECONDS)).isFalse();
    }

    @Test
    void anAnnouncementInsideAUnitOfWorkReleasesTheWaiterOnCommit() throws Exception {
        UnitOfWork<?> unitOfWork = DefaultUnitOfWork.startAndGet(GenericEventMessage.asEventMessage("projected event"));
        Waiting waiting = waitFor(DRIVER, 5, () -> 3);

        progress.announceAfterCommit(DRIVER, 5);
        unitOfWork.commit();

        assertThat(waiting.result().get(5, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void anAnnouncementInsideARolledBackUnitOfWorkDoesNotReleaseTheWaiter() throws Exception {
        UnitOfWork<?> unitOfWork = DefaultUnitOfWork.startAndGet(GenericEventMessage.asEventMessage("projected event"));
        Waiting waiting = waitFor(DRIVER, 5, () -> 3);

        progress.announceAfterCommit(DRIVER, 5);
        unitOfWork.rollback();

        assertThat(waiting.result().get(5, TimeUnit.SECONDS)).isFalse();
    }

    /** Starts a waiter on another thread and returns once it is registered (it has looked at the read model). */
    private Waiting waitFor(String aggregateId, long minVersion, LongSupplier appliedVersion) throws Exception {
        CompletableFuture<Void> registered = new CompletableFuture<>();
        CompletableFuture<Boolean> result = CompletableFuture.supplyAsync(() -> progress.await(aggregateId, minVersion,
                () -> {
                    registered.complete(null);
                    return appliedVersion.getAsLong();
                }, TIMEOUT), readers);
        registered.get(5, TimeUnit.SECONDS);
        return new Waiting(result);
    }

    private record Waiting(CompletableFuture<Boolean> result) {
    }
}
