package io.payouts.sandbox;

import io.payouts.platform.stream.PostgresEventStreamPositions;
import io.payouts.platform.tables.ForgetsSandbox;
import io.payouts.platform.tables.SandboxWorld;
import io.payouts.testsupport.DatabaseTest;
import io.payouts.testsupport.ReadModelDatabase;
import org.axonframework.config.EventProcessingConfiguration;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.support.StaticListableBeanFactory;
import org.springframework.core.task.SimpleAsyncTaskExecutor;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

/**
 * A reset answers within its timeout: done when the modules forgot their sandbox rows in time; otherwise still
 * clearing, holding the sandbox's lock until the deletes commit by themselves; a failure while clearing rolls back.
 */
@DatabaseTest
class SandboxResetTest {

    private static final ReadModelDatabase DATABASE = ReadModelDatabase.migrated();
    private static final Duration TIMEOUT = Duration.ofMillis(500);

    private final TransactionTemplate transaction = new TransactionTemplate(
            new DataSourceTransactionManager(DATABASE.jdbc().getDataSource()));
    private final SandboxLock lock = new SandboxLock(DATABASE.jdbc());

    @Test
    void aResetThatClearsInTimeAnswersDone() {
        Module module = new Module(new CountDownLatch(0));

        assertThat(reset(module).reset()).isEqualTo(SandboxReset.Outcome.DONE);
        assertThat(module.forgotten).hasValue(1);
        assertThat(sandboxCommandMayRun()).isTrue();
    }

    @Test
    void aResetStillClearingAtItsTimeoutAnswersAndGoesOnHoldingTheSandbox() throws InterruptedException {
        CountDownLatch release = new CountDownLatch(1);
        Module module = new Module(release);

        assertThat(reset(module).reset()).isEqualTo(SandboxReset.Outcome.CONTINUING);
        assertThat(module.forgotten).hasValue(0);
        assertThat(sandboxCommandMayRun()).as("sandbox commands wait for the reset").isFalse();

        release.countDown();
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
            assertThat(module.forgotten).hasValue(1);
            assertThat(sandboxCommandMayRun()).isTrue();
        });
    }

    @Test
    void aFailureWhileClearingIsThrownWhenItComesInTime() {
        ForgetsSandbox failing = world -> {
            throw new IllegalStateException("the disk is full");
        };

        assertThatThrownBy(() -> reset(failing).reset()).hasMessage("the disk is full");
        assertThat(sandboxCommandMayRun()).isTrue();
    }

    private SandboxReset reset(ForgetsSandbox module) {
        return new SandboxReset(List.of(module), transaction, lock, new PostgresEventStreamPositions(DATABASE.jdbc(),
                new StaticListableBeanFactory().getBeanProvider(EventProcessingConfiguration.class)), List.of(),
                TIMEOUT, null, new SimpleAsyncTaskExecutor("sandbox-reset-test-"));
    }

    /** Whether a sandbox command would take the sandbox's lock now. */
    private boolean sandboxCommandMayRun() {
        return Boolean.TRUE.equals(transaction.execute(status -> lock.tryShared()));
    }

    /** A module whose forgetting waits for {@code release}, as the deletes of a large sandbox take their time. */
    private static final class Module implements ForgetsSandbox {

        private final CountDownLatch release;
        private final AtomicInteger forgotten = new AtomicInteger();

        private Module(CountDownLatch release) {
            this.release = release;
        }

        @Override
        public int forget(SandboxWorld world) {
            try {
                if (!release.await(30, TimeUnit.SECONDS)) {
                    throw new IllegalStateException("never released");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
            forgotten.incrementAndGet();
            return 1;
        }
    }
}
