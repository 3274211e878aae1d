package io.payouts.query.consistency;

import io.payouts.shared.eventhandling.BatchedEventHandler.Collected;
import org.axonframework.config.EventProcessingConfiguration;
import org.axonframework.messaging.unitofwork.DefaultUnitOfWork;
import org.axonframework.messaging.unitofwork.UnitOfWork;
import org.springframework.beans.factory.support.StaticListableBeanFactory;
import org.springframework.jdbc.core.JdbcTemplate;

import java.time.Duration;
import java.util.List;
import java.util.function.ObjLongConsumer;

/** The consistency package's components for SQL-level tests of other read-model packages. */
public final class ConsistencyFixtures {

    private ConsistencyFixtures() {
    }

    /** A catch-up with no event processors to wait for: lists read at once. */
    public static ListCatchUp noProcessors(JdbcTemplate jdbc) {
        StaticListableBeanFactory none = new StaticListableBeanFactory();
        return new ListCatchUp(jdbc, none.getBeanProvider(EventProcessingConfiguration.class),
                none.getBeanProvider(AxonServerPositions.class), Duration.ZERO);
    }

    public static StreamHeads streamHeads(JdbcTemplate jdbc) {
        return new StreamHeads(jdbc, new StaticListableBeanFactory().getBeanProvider(AxonServerPositions.class));
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
