package io.payouts.platform.commands;

import org.axonframework.commandhandling.CommandBus;
import org.axonframework.commandhandling.NoHandlerForCommandException;
import org.axonframework.commandhandling.distributed.RoutingStrategy;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.commandhandling.gateway.DefaultCommandGateway;
import org.axonframework.commandhandling.gateway.IntervalRetryScheduler;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;

/**
 * How commands are sent: through {@link Commands}, each mode's commands to one instance
 * ({@link WalletRouting}), and a command that finds no handler, as while an instance registers its handlers with Axon
 * Server, sent again for a few seconds instead of failing. No other failure is retried: a command that may have run
 * is never sent twice.
 */
@Configuration(proxyBeanMethods = false)
public class CommandsConfiguration {

    static final int RETRY_INTERVAL_MS = 200;
    static final int MAX_RETRIES = 25;

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

    /** Axon's gateway, for {@link Commands} alone: the rest of the code sends through that. */
    @Bean
    CommandGateway commandGateway(CommandBus commandBus, ScheduledExecutorService commandRetries) {
        return gatewayWaitingForHandlers(commandBus, commandRetries);
    }

    @Bean
    Commands commands(CommandGateway commandGateway) {
        return new Commands(commandGateway);
    }

    /** The gateway that retries a command while no handler is registered for it, and nothing else. */
    public static CommandGateway gatewayWaitingForHandlers(CommandBus commandBus,
                                                           ScheduledExecutorService retries) {
        IntervalRetryScheduler untilAHandlerRegisters = IntervalRetryScheduler.builder()
                .retryExecutor(retries)
                .retryInterval(RETRY_INTERVAL_MS)
                .maxRetryCount(MAX_RETRIES)
                .nonTransientFailurePredicate(failure -> !(failure instanceof NoHandlerForCommandException))
                .build();
        return DefaultCommandGateway.builder()
                .commandBus(commandBus)
                .retryScheduler(untilAHandlerRegisters)
                .build();
    }
}
