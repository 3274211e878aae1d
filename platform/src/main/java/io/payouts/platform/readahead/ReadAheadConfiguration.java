package io.payouts.platform.readahead;

import org.axonframework.eventsourcing.eventstore.EventStore;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The {@code readAheadEvents} source that a processor names in {@code axon.eventhandling.processors.<name>.source},
 * over whichever event store is configured.
 */
@Configuration(proxyBeanMethods = false)
public class ReadAheadConfiguration {

    @Bean
    ReadAheadEvents readAheadEvents(EventStore eventStore,
                                    @Value("${payouts.read-models.read-ahead:10000}") int capacity) {
        return new ReadAheadEvents(eventStore, capacity);
    }
}
