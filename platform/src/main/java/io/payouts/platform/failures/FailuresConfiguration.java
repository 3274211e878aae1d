package io.payouts.platform.failures;

import org.axonframework.axonserver.connector.AxonServerConfiguration;
import org.axonframework.axonserver.connector.AxonServerConnectionManager;
import org.axonframework.axonserver.connector.TargetContextResolver;
import org.axonframework.axonserver.connector.command.AxonServerCommandBus;
import org.axonframework.axonserver.connector.command.CommandLoadFactorProvider;
import org.axonframework.axonserver.connector.command.CommandPriorityCalculator;
import org.axonframework.commandhandling.CommandBus;
import org.axonframework.commandhandling.CommandBusSpanFactory;
import org.axonframework.commandhandling.CommandMessage;
import org.axonframework.commandhandling.distributed.RoutingStrategy;
import org.axonframework.common.transaction.TransactionManager;
import org.axonframework.serialization.Serializer;
import org.axonframework.spring.messaging.unitofwork.SpringTransactionManager;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Primary;
import org.springframework.transaction.PlatformTransactionManager;

/**
 * Puts the three handling-side pieces of {@link HandlerFailures} where Axon runs a command, by name rather than by
 * wrapping framework beans as they are made: the outermost handler interceptor, Axon's transaction manager (which Axon's
 * own auto-configuration then leaves alone), and, with Axon Server, the local segment its command bus hands commands
 * to.
 */
@Configuration(proxyBeanMethods = false)
public class FailuresConfiguration {

    /**
     * Registered before any other handler interceptor of the service's, so it is the outermost of them and sees every
     * refusal; an interceptor that must run inside it takes this bean as a parameter.
     */
    @Bean
    HandlerFailures.Refusals handlerRefusals(CommandBus commandBus) {
        HandlerFailures.Refusals refusals = new HandlerFailures.Refusals();
        commandBus.registerHandlerInterceptor(refusals);
        return refusals;
    }

    /** Every Axon transaction: the command bus's, the event processors' and the event store's. */
    @Bean
    TransactionManager axonTransactionManager(PlatformTransactionManager transactions) {
        return new HandlerFailures.Transactions(new SpringTransactionManager(transactions));
    }

    /**
     * Axon Server's command bus as Axon's auto-configuration builds it, over the local segment that answers a failed
     * transaction start as data; the local bus alone (PostgreSQL mode) throws it to its caller in this JVM.
     */
    @Bean
    @Primary
    @ConditionalOnProperty(name = "axon.axonserver.enabled", havingValue = "true")
    AxonServerCommandBus axonServerCommandBus(AxonServerConnectionManager connections,
                                              AxonServerConfiguration configuration,
                                              @Qualifier("localSegment") CommandBus localSegment,
                                              @Qualifier("messageSerializer") Serializer messageSerializer,
                                              RoutingStrategy routingStrategy,
                                              CommandPriorityCalculator priorityCalculator,
                                              CommandLoadFactorProvider loadFactorProvider,
                                              TargetContextResolver<? super CommandMessage<?>> targetContextResolver,
                                              CommandBusSpanFactory spanFactory) {
        return AxonServerCommandBus.builder()
                .axonServerConnectionManager(connections)
                .configuration(configuration)
                .localSegment(new HandlerFailures.LocalSegment(localSegment))
                .serializer(messageSerializer)
                .routingStrategy(routingStrategy)
                .priorityCalculator(priorityCalculator)
                .loadFactorProvider(loadFactorProvider)
                .targetContextResolver(targetContextResolver)
                .spanFactory(spanFactory)
                .build();
    }
}
