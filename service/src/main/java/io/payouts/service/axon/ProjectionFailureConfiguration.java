package io.payouts.service.axon;

import org.axonframework.config.EventProcessingConfigurer;
import org.axonframework.eventhandling.PropagatingErrorHandler;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.annotation.Configuration;

/**
 * A projection that fails on an event must not skip it: Axon's default only logs the failure and moves the token
 * on, losing the event from the read model for good. Propagating makes the processor roll the batch back and
 * retry it with back-off until it succeeds (ADR-0005).
 */
@Configuration(proxyBeanMethods = false)
class ProjectionFailureConfiguration {

    @Autowired
    void retryFailedEventsInsteadOfSkippingThem(EventProcessingConfigurer processing) {
        processing.registerDefaultListenerInvocationErrorHandler(configuration -> PropagatingErrorHandler.instance());
    }
}
