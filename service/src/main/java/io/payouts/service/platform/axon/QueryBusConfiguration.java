package io.payouts.service.platform.axon;

import org.axonframework.common.transaction.NoTransactionManager;
import org.axonframework.config.Configuration;
import org.axonframework.queryhandling.LoggingQueryInvocationErrorHandler;
import org.axonframework.queryhandling.QueryBus;
import org.axonframework.queryhandling.QueryBusSpanFactory;
import org.axonframework.queryhandling.QueryInvocationErrorHandler;
import org.axonframework.queryhandling.QueryUpdateEmitter;
import org.axonframework.queryhandling.SimpleQueryBus;
import org.springframework.context.annotation.Bean;

/**
 * Axon's default query bus runs every query handler in a database transaction. A key operation's query waits in
 * its handler for the key's projection (ADR-0018), so each waiting request would hold a pooled connection that the
 * projection it waits for may need: under load the pool runs dry and every request stalls. Query handlers read
 * through plain SQL statements, each on a connection of its own, so the bus needs no transaction.
 */
@org.springframework.context.annotation.Configuration(proxyBeanMethods = false)
class QueryBusConfiguration {

    @Bean
    QueryBus queryBus(Configuration axon) {
        return SimpleQueryBus.builder()
                .messageMonitor(axon.messageMonitor(QueryBus.class, "queryBus"))
                .transactionManager(NoTransactionManager.INSTANCE)
                .errorHandler(axon.getComponent(QueryInvocationErrorHandler.class,
                        () -> LoggingQueryInvocationErrorHandler.builder().build()))
                .queryUpdateEmitter(axon.getComponent(QueryUpdateEmitter.class))
                .spanFactory(axon.getComponent(QueryBusSpanFactory.class))
                .build();
    }
}
