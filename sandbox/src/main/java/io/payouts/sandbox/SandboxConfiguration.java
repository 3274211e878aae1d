package io.payouts.sandbox;

import io.payouts.platform.commands.Commands;
import io.payouts.platform.failures.HandlerFailures;
import io.payouts.platform.stream.EventStreamPositions;
import io.payouts.platform.tables.ForgetsSandbox;
import io.payouts.query.consistency.DiscardedStreams;
import io.payouts.platform.ids.IdGenerator;
import io.payouts.shared.payout.FeeSchedule;
import org.axonframework.commandhandling.CommandBus;
import org.axonframework.common.caching.Cache;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.task.SimpleAsyncTaskExecutor;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import java.time.Clock;
import java.util.List;

/** Wires the sandbox world (ADR-0015): the reset lock on the command bus, seed, reset, KYC. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(SandboxProperties.class)
class SandboxConfiguration {

    @Bean
    SandboxLock sandboxLock(JdbcTemplate jdbc) {
        return new SandboxLock(jdbc);
    }

    /**
     * Where a reset keeps the sandbox's events: always with Axon Server, which cannot delete them, and in PostgreSQL
     * when {@code payouts.sandbox.reset-keeps-events} asks (what the tests of that path run on).
     */
    @Bean
    DiscardedStreams discardedStreams(JdbcTemplate jdbc, SandboxProperties properties,
                                      @Value("${axon.axonserver.enabled:false}") boolean eventsInAxonServer) {
        return eventsInAxonServer || properties.resetKeepsEvents() ? new DiscardedSandboxAggregates(jdbc)
                : DiscardedStreams.NONE;
    }

    /** Registered after the refusals' translation, so that a refusal of the gate crosses the bus as data too. */
    @Bean
    SandboxCommandGate sandboxCommandGate(SandboxLock lock, DiscardedStreams discarded, CommandBus commandBus,
                                          HandlerFailures.Refusals outermost) {
        SandboxCommandGate gate = new SandboxCommandGate(lock, discarded);
        commandBus.registerHandlerInterceptor(gate);
        return gate;
    }

    @Bean
    SandboxReset sandboxReset(ObjectProvider<ForgetsSandbox> modules, PlatformTransactionManager transactions,
                              SandboxLock lock, EventStreamPositions caughtUp, List<Cache> aggregateCaches,
                              SandboxProperties properties, DiscardedStreams discarded, Commands commands,
                              Clock clock) {
        return new SandboxReset(modules.orderedStream().toList(), new TransactionTemplate(transactions), lock,
                caughtUp, aggregateCaches, properties.resetTimeout(),
                discarded instanceof DiscardedSandboxAggregates kept
                        ? new SandboxReset.KeptEvents(kept, commands, clock) : null,
                new SimpleAsyncTaskExecutor("sandbox-reset-"));
    }

    @Bean
    SandboxSeed sandboxSeed(Commands commands, EventStreamPositions caughtUp, IdGenerator ids, FeeSchedule fees,
                            SandboxProperties properties) {
        return new SandboxSeed(commands, caughtUp, ids, fees, properties.resetTimeout());
    }

    @Bean
    SandboxKycScheduling sandboxKycScheduling(JdbcTemplate jdbc, SandboxProperties properties) {
        return new SandboxKycScheduling(jdbc, properties.kycVerificationDelay());
    }

    @Bean
    SandboxKycVerifier sandboxKycVerifier(JdbcTemplate jdbc, Commands commands, Clock clock,
                                          PlatformTransactionManager transactions) {
        return new SandboxKycVerifier(jdbc, commands, clock, transactions);
    }
}
