package io.payouts.platform.upcasting;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The event upcasters (ADR-0001: an event's class name and revision are a stored contract). Axon's configuration
 * takes every {@link org.axonframework.serialization.upcasting.event.EventUpcaster} bean into its upcaster chain,
 * which the event store applies to every stored event it reads, in either event store, and the audit log to the
 * bytes it reads itself.
 */
@Configuration(proxyBeanMethods = false)
public class UpcastingConfiguration {

    @Bean
    SandboxScenarioIntoMetadata sandboxScenarioIntoMetadata() {
        return new SandboxScenarioIntoMetadata();
    }
}
