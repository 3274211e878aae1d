package io.payouts.service.audit;

import org.axonframework.serialization.upcasting.event.EventUpcaster;
import org.axonframework.serialization.upcasting.event.NoOpEventUpcaster;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The audit log's wiring (ADR-0025, ADR-0027). */
@Configuration(proxyBeanMethods = false)
class AuditConfiguration {

    @Bean
    EventUpcaster auditUpcaster() {
        return NoOpEventUpcaster.INSTANCE;
    }
}
