package io.payouts.service.operations;

import io.payouts.shared.eventhandling.ProcessingGroups;
import org.axonframework.config.EventProcessingConfigurer;
import org.axonframework.eventhandling.LoggingErrorHandler;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.annotation.Configuration;

/**
 * The metrics' event handlers subscribe to events as they are published, and a failure of theirs is logged, not
 * propagated: the default for projections (retry until it succeeds) would fail the command that published them.
 */
@Configuration(proxyBeanMethods = false)
class OperationsAxonConfiguration {

    @Autowired
    void countWithoutEverFailingACommand(EventProcessingConfigurer processing) {
        processing.registerSubscribingEventProcessor(ProcessingGroups.PAYOUT_METRICS);
        processing.registerListenerInvocationErrorHandler(ProcessingGroups.PAYOUT_METRICS,
                configuration -> new LoggingErrorHandler());
    }
}
