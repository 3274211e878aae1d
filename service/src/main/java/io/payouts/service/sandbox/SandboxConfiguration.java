package io.payouts.service.sandbox;

import io.payouts.platform.tables.ForgetsSandbox;
import io.payouts.service.platform.IdGenerator;
import io.payouts.service.platform.axon.RefusalsAsDetails;
import io.payouts.shared.payout.FeeSchedule;
import io.payouts.query.consistency.DiscardedStreams;
import org.axonframework.commandhandling.CommandBus;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.common.caching.Cache;
import org.axonframework.config.EventProcessingConfiguration;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.axonframework.queryhandling.QueryGateway;
import org.axonframework.serialization.Serializer;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
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

    /** Registered after the refusals' translation, so that a refusal of the gate crosses the bus as data too. */
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

    @Bean
    SandboxCommandGate sandboxCommandGate(SandboxLock lock, DiscardedStreams discarded, CommandBus commandBus,
                                          RefusalsAsDetails outermost) {
        SandboxCommandGate gate = new SandboxCommandGate(lock, discarded);
        commandBus.registerHandlerInterceptor(gate);
        return gate;
    }

    @Bean
    ProcessorsCaughtUp processorsCaughtUp(JdbcTemplate jdbc, EventProcessingConfiguration processors,
                                          EventStore eventStore, Serializer serializer, DiscardedStreams discarded) {
        return new ProcessorsCaughtUp(jdbc, processors, eventStore, serializer,
                discarded instanceof DiscardedSandboxAggregates);
    }

    @Bean
    SandboxReset sandboxReset(ObjectProvider<ForgetsSandbox> modules, PlatformTransactionManager transactions,
                              SandboxLock lock, ProcessorsCaughtUp caughtUp, List<Cache> aggregateCaches,
                              SandboxProperties properties, DiscardedStreams discarded, CommandGateway commands,
                              Clock clock) {
        return new SandboxReset(modules.orderedStream().toList(), new TransactionTemplate(transactions), lock,
                caughtUp, aggregateCaches, properties.resetTimeout(),
                discarded instanceof DiscardedSandboxAggregates kept
                        ? new SandboxReset.KeptEvents(kept, commands, clock) : null);
    }

    @Bean
    SandboxSeed sandboxSeed(CommandGateway commands, ProcessorsCaughtUp caughtUp, IdGenerator ids, FeeSchedule fees,
                            SandboxProperties properties) {
        return new SandboxSeed(commands, caughtUp, ids, fees, properties.resetTimeout());
    }

    @Bean
    SandboxKycScheduling sandboxKycScheduling(JdbcTemplate jdbc, SandboxProperties properties) {
        return new SandboxKycScheduling(jdbc, properties.kycVerificationDelay());
    }

    @Bean
    SandboxKycVerifier sandboxKycVerifier(JdbcTemplate jdbc, CommandGateway commands, QueryGateway queries,
                                          Clock clock, SandboxProperties properties,
                                          PlatformTransactionManager transactions) {
        return new SandboxKycVerifier(jdbc, commands, queries, clock, transactions);
    }
}
