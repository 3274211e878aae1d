package io.payouts.service.platform.axon;

import io.payouts.shared.StorableText;
import org.axonframework.config.EventProcessingConfigurer;
import org.axonframework.eventhandling.ErrorHandler;
import org.axonframework.eventhandling.PropagatingErrorHandler;
import org.axonframework.messaging.deadletter.Decisions;
import org.axonframework.messaging.deadletter.ThrowableCause;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.transaction.PlatformTransactionManager;

/**
 * What a processor does with an event it cannot apply (ADR-0016). It never skips it, as Axon's default would, losing
 * it for good. A handler's failure parks the event and its aggregate's later events in the dead-letter queue; the
 * others go on. A batch whose transaction PostgreSQL aborts is retried with each event isolated
 * ({@link PoisonEventIsolation}), so only the failing one is parked. A parked event's cause is cleaned of text
 * PostgreSQL cannot store: database errors often quote the offending value. Processors without a dead-letter queue
 * retry with back-off.
 */
@Configuration(proxyBeanMethods = false)
class ProjectionFailureConfiguration {

    private static final Logger log = LoggerFactory.getLogger(ProjectionFailureConfiguration.class);

    /** Static: Axon builds its handler definitions early, before this configuration's own wiring runs. */
    @Bean
    static FailedBatches failedBatches() {
        return new FailedBatches();
    }

    @Bean
    static PoisonEventIsolation poisonEventIsolation(FailedBatches failedBatches,
                                                     ObjectProvider<PlatformTransactionManager> transactions) {
        return new PoisonEventIsolation(failedBatches, transactions);
    }

    @Autowired
    void parkWhatCannotBeApplied(EventProcessingConfigurer processing, FailedBatches failedBatches) {
        processing.registerDefaultListenerInvocationErrorHandler(configuration -> PropagatingErrorHandler.instance());
        processing.registerDefaultErrorHandler(configuration -> retryIsolated(configuration, failedBatches));
        processing.registerDefaultDeadLetterPolicy(configuration -> (letter, cause) -> Decisions.enqueue(
                new ThrowableCause(cause.getClass().getName(), StorableText.cleaned(truncated(cause.getMessage())))));
    }

    private static String truncated(String message) {
        return message == null || message.length() <= ThrowableCause.TRUNCATED_MESSAGE_SIZE ? message
                : message.substring(0, ThrowableCause.TRUNCATED_MESSAGE_SIZE);
    }

    private static ErrorHandler retryIsolated(org.axonframework.config.Configuration configuration,
                                              FailedBatches failedBatches) {
        return failure -> {
            String processor = failure.eventProcessor();
            if (configuration.eventProcessingConfiguration().deadLetterQueue(processor).isPresent()) {
                log.warn("{}: a batch of {} events failed as a whole; retrying it with each event isolated, so only "
                        + "the one that fails is parked: {}", processor, failure.failedEvents().size(),
                        failure.error().toString());
                failedBatches.failed(processor, failure.failedEvents());
            }
            PropagatingErrorHandler.instance().handleError(failure);
        };
    }
}
