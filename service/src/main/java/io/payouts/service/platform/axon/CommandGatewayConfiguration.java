package io.payouts.service.platform.axon;

import org.axonframework.commandhandling.CommandBus;
import org.axonframework.commandhandling.NoHandlerForCommandException;
import org.axonframework.commandhandling.SimpleCommandBus;
import org.axonframework.commandhandling.distributed.RoutingStrategy;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.commandhandling.gateway.DefaultCommandGateway;
import org.axonframework.commandhandling.gateway.IntervalRetryScheduler;
import org.axonframework.common.transaction.TransactionManager;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;

/**
 * How commands are sent (issue #17): each mode's commands go to one instance ({@link WalletRouting}), refusals come
 * back as data ({@link RefusalsAsDetails}), and a command that finds no handler, as while an instance registers its
 * handlers with Axon Server, is sent again for a few seconds instead of failing. No other failure is retried: a
 * command that may have run is never sent twice.
 */
@Configuration(proxyBeanMethods = false)
class CommandGatewayConfiguration {

    private static final int RETRY_INTERVAL_MS = 200;
    private static final int MAX_RETRIES = 25;

    /** Registered before any other handler interceptor, so it is the outermost and sees every refusal. */
    @Bean
    RefusalsAsDetails refusalsAsDetails(CommandBus commandBus) {
        RefusalsAsDetails refusals = new RefusalsAsDetails();
        commandBus.registerHandlerInterceptor(refusals);
        return refusals;
    }

    /**
     * Every Axon transaction reports a database out of reach as data ({@link DatabaseFailuresAsDetails}): the
     * command bus's, which start and commit outside the handler interceptors, and the rest, for which it changes only
     * the wrapper of a failure whose cause stays underneath.
     */
    @Bean
    static BeanPostProcessor databaseFailuresAsDetails() {
        return new BeanPostProcessor() {
            @Override
            public Object postProcessAfterInitialization(Object bean, String name) {
                return bean instanceof TransactionManager transactions && !(bean instanceof DatabaseFailuresAsDetails)
                        ? new DatabaseFailuresAsDetails(transactions) : bean;
            }
        };
    }

    /**
     * With Axon Server, its command bus hands commands to the local bus, wrapped so that a transaction that could not
     * start is answered as data too ({@link HandlingFailuresAsResults}).
     */
    @Bean
    static BeanPostProcessor handlingFailuresAsResults(
            @Value("${axon.axonserver.enabled:false}") boolean eventsInAxonServer) {
        return new BeanPostProcessor() {
            @Override
            public Object postProcessAfterInitialization(Object bean, String name) {
                return eventsInAxonServer && bean instanceof SimpleCommandBus localSegment
                        ? new HandlingFailuresAsResults(localSegment) : bean;
            }
        };
    }

    /** Used by Axon Server's command bus (the profile axonserver); the local bus has one instance to route to. */
    @Bean
    RoutingStrategy routingStrategy() {
        return new WalletRouting();
    }

    @Bean(destroyMethod = "shutdownNow")
    ScheduledExecutorService commandRetries() {
        return Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, "command-retries");
            thread.setDaemon(true);
            return thread;
        });
    }

    @Bean
    CommandGateway commandGateway(CommandBus commandBus, ScheduledExecutorService commandRetries) {
        IntervalRetryScheduler untilAHandlerRegisters = IntervalRetryScheduler.builder()
                .retryExecutor(commandRetries)
                .retryInterval(RETRY_INTERVAL_MS)
                .maxRetryCount(MAX_RETRIES)
                .nonTransientFailurePredicate(failure -> !(failure instanceof NoHandlerForCommandException))
                .build();
        return new RefusingCommandGateway(DefaultCommandGateway.builder()
                .commandBus(commandBus)
                .retryScheduler(untilAHandlerRegisters)
                .build());
    }
}
