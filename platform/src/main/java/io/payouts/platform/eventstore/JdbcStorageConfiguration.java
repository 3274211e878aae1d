package io.payouts.platform.eventstore;

import org.axonframework.common.jdbc.ConnectionProvider;
import org.axonframework.common.jdbc.UnitOfWorkAwareConnectionProviderWrapper;
import org.axonframework.common.transaction.TransactionManager;
import org.axonframework.eventhandling.tokenstore.TokenStore;
import org.axonframework.eventhandling.tokenstore.jdbc.JdbcTokenStore;
import org.axonframework.eventhandling.tokenstore.jdbc.TokenSchema;
import org.axonframework.eventsourcing.eventstore.EventStorageEngine;
import org.axonframework.eventsourcing.eventstore.jdbc.JdbcEventStorageEngine;
import org.axonframework.eventsourcing.eventstore.jpa.SQLStateResolver;
import org.axonframework.modelling.saga.repository.SagaStore;
import org.axonframework.modelling.saga.repository.jdbc.GenericSagaSqlSchema;
import org.axonframework.modelling.saga.repository.jdbc.JdbcSagaStore;
import org.axonframework.modelling.saga.repository.jdbc.SagaSchema;
import org.axonframework.serialization.Serializer;
import org.axonframework.spring.jdbc.SpringDataSourceConnectionProvider;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import javax.sql.DataSource;

/**
 * Axon stores events, tokens and sagas in PostgreSQL through its JDBC storage, not JPA (ADR-0018): platform's tables
 * (V1), without Hibernate materialising an entity per event on every append, every aggregate load and every
 * processor's read. Every statement joins the Spring transaction of its unit of work, as the read models' writes do.
 * A duplicate (aggregate, sequence) is recognised by PostgreSQL's unique-violation state only, so a cut connection is
 * never mistaken for a concurrent write (ADR-0016). Not under the Axon Server profile, where events live in Axon
 * Server; tokens and sagas stay here.
 */
@Configuration(proxyBeanMethods = false)
public class JdbcStorageConfiguration {

    /** Events read per query by processors and aggregate loads. */
    public static final int FETCH_SIZE = 500;
    private static final String UNIQUE_VIOLATION = "23505";

    @Bean
    ConnectionProvider axonConnections(DataSource dataSource) {
        return new UnitOfWorkAwareConnectionProviderWrapper(new SpringDataSourceConnectionProvider(dataSource));
    }

    @Bean
    @ConditionalOnProperty(name = "axon.axonserver.enabled", havingValue = "false", matchIfMissing = true)
    EventStorageEngine eventStorageEngine(ConnectionProvider axonConnections, TransactionManager transactions,
                                          Serializer serializer, @Qualifier("eventSerializer") Serializer events,
                                          org.axonframework.config.Configuration axon) {
        return JdbcEventStorageEngine.builder()
                .connectionProvider(axonConnections)
                .transactionManager(transactions)
                .snapshotSerializer(serializer)
                .eventSerializer(events)
                .upcasterChain(axon.upcasterChain())
                .persistenceExceptionResolver(new SQLStateResolver(UNIQUE_VIOLATION))
                .dataType(byte[].class)
                .batchSize(FETCH_SIZE)
                .schema(EventTables.SCHEMA)
                .build();
    }

    @Bean
    TokenStore tokenStore(ConnectionProvider axonConnections, Serializer serializer) {
        return JdbcTokenStore.builder()
                .connectionProvider(axonConnections)
                .serializer(serializer)
                .contentType(byte[].class)
                .schema(TokenSchema.builder()
                        .setTokenTable(EventTables.TOKENS)
                        .setProcessorNameColumn("processor_name")
                        .setSegmentColumn("segment")
                        .setTokenColumn("token")
                        .setTokenTypeColumn("token_type")
                        .setTimestampColumn("timestamp")
                        .setOwnerColumn("owner")
                        .build())
                .build();
    }

    @Bean
    SagaStore<Object> sagaStore(ConnectionProvider axonConnections, Serializer serializer) {
        return JdbcSagaStore.builder()
                .connectionProvider(axonConnections)
                .serializer(serializer)
                .sqlSchema(new GenericSagaSqlSchema(SagaSchema.builder()
                        .sagaEntryTable("saga_entry")
                        .revisionColumn("revision")
                        .serializedSagaColumn("serialized_saga")
                        .associationValueEntryTable("association_value_entry")
                        .associationKeyColumn("association_key")
                        .associationValueColumn("association_value")
                        .sagaIdColumn("saga_id")
                        .sagaTypeColumn("saga_type")
                        .build()))
                .build();
    }
}
