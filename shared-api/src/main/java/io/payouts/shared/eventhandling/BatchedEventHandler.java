package io.payouts.shared.eventhandling;

import io.payouts.shared.wallet.SandboxResetEvent;
import org.axonframework.messaging.unitofwork.CurrentUnitOfWork;
import org.axonframework.messaging.unitofwork.UnitOfWork;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * An event handler that applies a processor batch's events with a few statements when the batch's unit of work
 * commits, rather than a statement or two per event (ADR-0018, ADR-0024): its event handlers only collect, and
 * {@link #apply} sees the whole batch in order, for example to load the rows it touches in one query, fold the events
 * into them in memory and write each changed row once, or to send one command for many events. An event handled in isolation (ADR-0016), or outside any unit of work, is applied at once.
 */
public abstract class BatchedEventHandler {

    /**
     * A unit-of-work resource present while an event is handled in isolation (in a transaction of its own): its
     * changes are applied at once, so that their failure is that event's alone.
     */
    public static final String APPLY_AT_ONCE = BatchedEventHandler.class.getName() + ".applyAtOnce";

    private final String collectedKey = getClass().getName() + ".collected";

    /** Hands one event of {@code aggregateId}'s stream, at {@code sequence}, to {@link #apply}. */
    protected final void collect(String aggregateId, Object event, long sequence) {
        Collected collected = new Collected(aggregateId, event, sequence);
        if (!CurrentUnitOfWork.isStarted() || CurrentUnitOfWork.get().resources().containsKey(APPLY_AT_ONCE)) {
            applyInOrder(List.of(collected));
            return;
        }
        UnitOfWork<?> batch = CurrentUnitOfWork.get().root();
        Map<String, Object> resources = batch.resources();
        @SuppressWarnings("unchecked")
        List<Collected> pending = (List<Collected>) resources.get(collectedKey);
        if (pending == null) {
            List<Collected> events = new ArrayList<>();
            resources.put(collectedKey, events);
            batch.onPrepareCommit(unitOfWork -> applyInOrder(events));
            pending = events;
        }
        pending.add(collected);
    }

    /** Applies these events, in the order they were handled; throwing fails (and rolls back) the whole batch. */
    protected abstract void apply(List<Collected> events);

    /**
     * Forgets every sandbox row this handler keeps: a {@link SandboxResetEvent} it collected was reached (ADR-0015).
     * Only a read model's {@code SandboxRowsProjection} (query-side) collects that event.
     */
    protected void forgetSandbox() {
        throw new UnsupportedOperationException(getClass().getSimpleName() + " keeps no sandbox rows to forget");
    }

    /** The events before a sandbox reset are applied, then the sandbox is forgotten, then the events after it. */
    private void applyInOrder(List<Collected> events) {
        List<Collected> run = new ArrayList<>();
        for (Collected collected : events) {
            if (collected.event() instanceof SandboxResetEvent) {
                if (!run.isEmpty()) {
                    apply(run);
                    run = new ArrayList<>();
                }
                forgetSandbox();
            } else {
                run.add(collected);
            }
        }
        if (!run.isEmpty()) {
            apply(run);
        }
    }

    /** One handled event. */
    public record Collected(String aggregateId, Object event, long sequence) {
    }
}
