package io.payouts.query.consistency;

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
        StaticListableBeanFactory none = new StaticListableBeanFactory();
        return new ListCatchUp(jdbc, none.getBeanProvider(EventProcessingConfiguration.class),
                none.getBeanProvider(AxonServerPositions.class), Duration.ZERO);
    }

    public static StreamHeads streamHeads(JdbcTemplate jdbc) {
        return new StreamHeads(jdbc, new StaticListableBeanFactory().getBeanProvider(AxonServerPositions.class));
    }
}
