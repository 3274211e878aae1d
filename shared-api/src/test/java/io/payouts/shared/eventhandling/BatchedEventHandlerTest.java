package io.payouts.shared.eventhandling;

import io.payouts.shared.Mode;
import io.payouts.shared.eventhandling.BatchedEventHandler.Collected;
import io.payouts.shared.wallet.SandboxResetEvent;
import io.payouts.shared.wallet.WalletId;
import org.axonframework.messaging.unitofwork.CurrentUnitOfWork;
import org.axonframework.messaging.unitofwork.DefaultUnitOfWork;
import org.axonframework.messaging.unitofwork.UnitOfWork;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A projection's handlers collect a processor batch's events and apply them together when it commits (ADR-0018). */
class BatchedEventHandlerTest {

    private static final Collected FIRST = new Collected("drv_1", "registered", 0);
    private static final Collected SECOND = new Collected("drv_2", "registered", 0);
    private static final Collected THIRD = new Collected("drv_1", "verified", 1);

    private final Recording projection = new Recording();

    @AfterEach
    void endUnitsOfWork() {
        while (CurrentUnitOfWork.isStarted()) {
            CurrentUnitOfWork.get().rollback();
        }
    }

    @Test
    void withoutAUnitOfWorkEachEventIsAppliedAtOnce() {
        projection.handle(FIRST);
        assertThat(projection.applied).containsExactly(List.of(FIRST));

        projection.handle(SECOND);

        assertThat(projection.applied).containsExactly(List.of(FIRST), List.of(SECOND));
    }

    @Test
    void withinAUnitOfWorkTheEventsAreAppliedOnceAtPrepareCommitInTheOrderHandled() {
        UnitOfWork<?> batch = DefaultUnitOfWork.startAndGet(null);
        projection.handle(FIRST);
        projection.handle(SECOND);
        projection.handle(THIRD);
        assertThat(projection.applied).as("nothing is applied before the commit").isEmpty();

        batch.commit();

        assertThat(projection.applied).containsExactly(List.of(FIRST, SECOND, THIRD));
        assertThat(projection.phases).containsExactly(UnitOfWork.Phase.PREPARE_COMMIT);
    }

    @Test
    void eventsOfNestedUnitsOfWorkJoinTheRootsBatch() {
        UnitOfWork<?> root = DefaultUnitOfWork.startAndGet(null);
        projection.handle(FIRST);
        UnitOfWork<?> nested = DefaultUnitOfWork.startAndGet(null);
        projection.handle(SECOND);
        nested.commit();
        assertThat(projection.applied).as("a nested unit of work's commit is not the batch's").isEmpty();
        projection.handle(THIRD);

        root.commit();

        assertThat(projection.applied).containsExactly(List.of(FIRST, SECOND, THIRD));
    }

    @Test
    void theNextUnitOfWorkStartsANewBatch() {
        UnitOfWork<?> first = DefaultUnitOfWork.startAndGet(null);
        projection.handle(FIRST);
        first.commit();
        UnitOfWork<?> second = DefaultUnitOfWork.startAndGet(null);
        projection.handle(SECOND);

        second.commit();

        assertThat(projection.applied).containsExactly(List.of(FIRST), List.of(SECOND));
    }

    @Test
    void aRolledBackUnitOfWorkAppliesNothing() {
        UnitOfWork<?> batch = DefaultUnitOfWork.startAndGet(null);
        projection.handle(FIRST);

        batch.rollback();

        assertThat(projection.applied).isEmpty();
    }

    @Test
    void aFailingApplyFailsAndRollsBackTheWholeBatch() {
        UnitOfWork<?> batch = DefaultUnitOfWork.startAndGet(null);
        AtomicBoolean rolledBack = new AtomicBoolean();
        batch.onRollback(unitOfWork -> rolledBack.set(true));
        projection.failWith = new IllegalStateException("driver drv_1 changed before it was registered");
        projection.handle(FIRST);

        assertThatThrownBy(batch::commit).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("drv_1");
        assertThat(rolledBack).isTrue();
    }

    @Test
    void anEventHandledInIsolationIsAppliedAtOnce() {
        UnitOfWork<?> batch = DefaultUnitOfWork.startAndGet(null);
        projection.handle(FIRST);
        batch.resources().put(BatchedEventHandler.APPLY_AT_ONCE, Boolean.TRUE);

        projection.handle(SECOND);
        assertThat(projection.applied).containsExactly(List.of(SECOND));
        batch.resources().remove(BatchedEventHandler.APPLY_AT_ONCE);
        projection.handle(THIRD);
        batch.commit();

        assertThat(projection.applied).as("the isolated event is not applied a second time with the batch")
                .containsExactly(List.of(SECOND), List.of(FIRST, THIRD));
    }

    @Test
    void eachProjectionAppliesOnlyTheEventsItCollected() {
        Recording other = new OtherRecording();
        UnitOfWork<?> batch = DefaultUnitOfWork.startAndGet(null);
        projection.handle(FIRST);
        other.handle(SECOND);
        projection.handle(THIRD);

        batch.commit();

        assertThat(projection.applied).containsExactly(List.of(FIRST, THIRD));
        assertThat(other.applied).containsExactly(List.of(SECOND));
    }

    @Test
    void aSandboxResetSplitsTheBatchSoTheSandboxIsForgottenAfterTheEventsBeforeItAndBeforeThoseAfter() {
        Collected reset = new Collected("wallet_sandbox",
                new SandboxResetEvent(WalletId.of(Mode.SANDBOX), Mode.SANDBOX, Instant.EPOCH), 7);
        UnitOfWork<?> batch = DefaultUnitOfWork.startAndGet(null);
        projection.handle(FIRST);
        projection.handle(SECOND);
        projection.handle(reset);
        projection.handle(THIRD);

        batch.commit();

        assertThat(projection.log).containsExactly("apply " + List.of(FIRST, SECOND), "forget the sandbox",
                "apply " + List.of(THIRD));
    }

    @Test
    void aSandboxResetAloneOnlyForgetsTheSandbox() {
        projection.handle(new Collected("wallet_sandbox",
                new SandboxResetEvent(WalletId.of(Mode.SANDBOX), Mode.SANDBOX, Instant.EPOCH), 7));

        assertThat(projection.log).containsExactly("forget the sandbox");
        assertThat(projection.applied).isEmpty();
    }

    /** Records each call of {@link #apply}, and the phase of the unit of work it ran in. */
    private static class Recording extends BatchedEventHandler {

        final List<List<Collected>> applied = new ArrayList<>();
        final List<String> log = new ArrayList<>();
        final List<UnitOfWork.Phase> phases = new ArrayList<>();
        RuntimeException failWith;

        void handle(Collected event) {
            collect(event.aggregateId(), event.event(), event.sequence());
        }

        @Override
        protected void apply(List<Collected> events) {
            if (failWith != null) {
                throw failWith;
            }
            applied.add(List.copyOf(events));
            log.add("apply " + events);
            if (CurrentUnitOfWork.isStarted()) {
                phases.add(CurrentUnitOfWork.get().phase());
            }
        }

        @Override
        protected void forgetSandbox() {
            log.add("forget the sandbox");
        }
    }

    private static final class OtherRecording extends Recording {
    }
}
