package io.payouts.platform.stream;

import org.axonframework.config.EventProcessingConfiguration;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.axonframework.serialization.Serializer;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Chooses the {@link EventStreamPositions} adapter, once: {@code payouts.event-stream.positions-across-instances}
 * follows {@code axon.axonserver.enabled} unless set.
 */
@Configuration(proxyBeanMethods = false)
public class EventStreamConfiguration {

    static final String ACROSS_INSTANCES = "payouts.event-stream.positions-across-instances";

    @Bean
    @ConditionalOnProperty(name = ACROSS_INSTANCES, havingValue = "false", matchIfMissing = true)
    EventStreamPositions postgresEventStreamPositions(JdbcTemplate jdbc,
                                                      ObjectProvider<EventProcessingConfiguration> processing) {
        return new PostgresEventStreamPositions(jdbc, processing);
    }

    @Bean
    @ConditionalOnProperty(name = ACROSS_INSTANCES, havingValue = "true")
    EventStreamPositions axonServerEventStreamPositions(EventStore eventStore, JdbcTemplate jdbc,
                                                        Serializer serializer,
                                                        ObjectProvider<EventProcessingConfiguration> processing) {
        return new AxonServerEventStreamPositions(eventStore, jdbc, serializer, processing);
    }
}
