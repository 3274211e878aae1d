package io.payouts.query.consistency;

import io.payouts.platform.stream.EventStreamPositions;
import io.payouts.platform.stream.PostgresEventStreamPositions;
import org.axonframework.config.EventProcessingConfiguration;
import org.springframework.beans.factory.support.StaticListableBeanFactory;
import org.springframework.jdbc.core.JdbcTemplate;

import java.time.Duration;

/** The consistency package's components for SQL-level tests of other read-model packages. */
public final class ConsistencyFixtures {

    private ConsistencyFixtures() {
    }

    /** A catch-up with no event processors to wait for: lists read at once. */
    public static ListCatchUp noProcessors(JdbcTemplate jdbc) {
        return new ListCatchUp(postgres(jdbc), Duration.ZERO);
    }

    public static StreamHeads streamHeads(JdbcTemplate jdbc) {
        return new StreamHeads(postgres(jdbc));
    }

    /** The positions with the events in PostgreSQL, this database's event table. */
    public static EventStreamPositions eventStreamPositions(JdbcTemplate jdbc) {
        return postgres(jdbc);
    }

    private static EventStreamPositions postgres(JdbcTemplate jdbc) {
        return new PostgresEventStreamPositions(jdbc,
                new StaticListableBeanFactory().getBeanProvider(EventProcessingConfiguration.class));
    }
}
