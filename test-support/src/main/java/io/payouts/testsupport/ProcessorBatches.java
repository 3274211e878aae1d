package io.payouts.testsupport;

import io.payouts.shared.eventhandling.BatchedEventHandler.Collected;
import org.axonframework.messaging.unitofwork.DefaultUnitOfWork;
import org.axonframework.messaging.unitofwork.UnitOfWork;

import java.util.List;
import java.util.function.ObjLongConsumer;

/** Events handed to a batched handler as a tracking processor hands them over: one batch in one unit of work. */
public final class ProcessorBatches {

    private ProcessorBatches() {
    }

    /**
     * Hands these events to a projection's handler as one processor batch: collected in one unit of work and applied
     * as it commits; a failure rolls the batch back and is thrown. Each event's aggregate is the handler's to name.
     */
    @SuppressWarnings("unchecked")
    public static <E> void inOneBatch(ObjLongConsumer<E> handler, List<Collected> events) {
        UnitOfWork<?> batch = DefaultUnitOfWork.startAndGet(null);
        try {
            events.forEach(event -> handler.accept((E) event.event(), event.sequence()));
        } catch (RuntimeException failure) {
            batch.rollback(failure);
            throw failure;
        }
        batch.commit();
    }
}
