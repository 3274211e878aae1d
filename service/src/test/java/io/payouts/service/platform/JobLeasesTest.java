package io.payouts.service.platform;

import io.payouts.testsupport.DatabaseTest;
import io.payouts.testsupport.ReadModelDatabase;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** A timer's work runs on one instance at a time: the one holding the job's lease. */
@DatabaseTest
class JobLeasesTest {

    private static final ReadModelDatabase DATABASE = ReadModelDatabase.migrated("service");
    private static final Duration LONG = Duration.ofMinutes(1);

    private final JobLeases first = new JobLeases(DATABASE.jdbc(), "instance-1");
    private final JobLeases second = new JobLeases(DATABASE.jdbc(), "instance-2");

    @BeforeEach
    void noLeases() {
        DATABASE.jdbc().update("delete from job_lease");
    }

    @Test
    void oneInstanceHoldsAJobAndRenewsItWhileTheOtherWaits() {
        assertThat(first.tryHold("simulated-rail", LONG)).isTrue();
        assertThat(second.tryHold("simulated-rail", LONG)).isFalse();
        assertThat(first.tryHold("simulated-rail", LONG)).as("renewed").isTrue();
        assertThat(second.tryHold("sandbox-kyc", LONG)).as("another job").isTrue();
    }

    @Test
    void anotherInstanceTakesTheJobOverWhenTheLeaseRunsOut() {
        assertThat(first.tryHold("simulated-rail", Duration.ofMillis(200))).isTrue();

        await().atMost(Duration.ofSeconds(5)).until(() -> second.tryHold("simulated-rail", LONG));
        assertThat(first.tryHold("simulated-rail", LONG)).isFalse();
    }

    @Test
    void aJobGivenBackIsTakenAtOnce() {
        assertThat(first.tryHold("simulated-rail", LONG)).isTrue();
        second.release("simulated-rail");
        assertThat(second.tryHold("simulated-rail", LONG)).as("only the holder gives it back").isFalse();

        first.release("simulated-rail");

        assertThat(second.tryHold("simulated-rail", LONG)).isTrue();
    }

    @Test
    void ofTwoPollersOfOneJobOnlyTheLeaseHolderWorks() {
        AtomicInteger firstRounds = new AtomicInteger();
        AtomicInteger secondRounds = new AtomicInteger();
        Poller one = Poller.leased(Duration.ofMillis(20), "rounds", first, firstRounds::incrementAndGet);
        Poller other = Poller.leased(Duration.ofMillis(20), "rounds", second, secondRounds::incrementAndGet);
        one.start();
        try {
            await().atMost(Duration.ofSeconds(5)).until(() -> firstRounds.get() >= 3);
            other.start();
            int before = firstRounds.get();
            await().atMost(Duration.ofSeconds(5)).until(() -> firstRounds.get() >= before + 10);
            assertThat(secondRounds).hasValue(0);

            one.stop();
            await().atMost(Duration.ofSeconds(5)).until(() -> secondRounds.get() >= 3);
        } finally {
            one.stop();
            other.stop();
        }
    }
}
