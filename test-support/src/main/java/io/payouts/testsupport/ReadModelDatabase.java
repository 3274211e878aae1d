package io.payouts.testsupport;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.payouts.platform.eventstore.EventTables;
import org.axonframework.common.jdbc.DataSourceConnectionProvider;
import org.axonframework.common.transaction.NoTransactionManager;
import org.axonframework.eventhandling.GenericDomainEventMessage;
import org.axonframework.eventsourcing.eventstore.EmbeddedEventStore;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.axonframework.eventsourcing.eventstore.jdbc.JdbcEventStorageEngine;
import org.axonframework.serialization.Serializer;
import org.axonframework.serialization.json.JacksonSerializer;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

import java.util.stream.Collectors;

/**
 * A database of its own, migrated with platform's migrations and those of the modules a test needs, for
 * SQL-level tests of the read models, the rail and the command side's tables without a Spring context; with an Axon
 * event store on platform's {@code domain_event_entry}, as the service's JDBC storage has it (ADR-0018), so reads that
 * fold a stream and the stream heads see the same events.
 */
public final class ReadModelDatabase {

    private final JdbcTemplate jdbc;
    private final EventStore eventStore;
    private final String tables;

    private ReadModelDatabase(JdbcTemplate jdbc, EventStore eventStore) {
        this.jdbc = jdbc;
        this.eventStore = eventStore;
        this.tables = jdbc.queryForList("select table_name from information_schema.tables"
                        + " where table_schema = current_schema() and table_type = 'BASE TABLE'"
                        + " and table_name <> 'flyway_schema_history' order by table_name", String.class).stream()
                .collect(Collectors.joining(", "));
    }

    /** A new database with the migrations of platform and of {@code modules} applied ({@link Migrations}). */
    public static ReadModelDatabase migrated(String... modules) {
        TestPostgres.TestDatabase database = TestPostgres.newDatabase();
        DriverManagerDataSource dataSource = new DriverManagerDataSource(database.url(), database.username(),
                database.password());
        Migrations.migrate(dataSource, modules);
        Serializer serializer = JacksonSerializer.builder()
                .objectMapper(new ObjectMapper().findAndRegisterModules()).build();
        JdbcEventStorageEngine storage = JdbcEventStorageEngine.builder()
                .connectionProvider(new DataSourceConnectionProvider(dataSource))
                .transactionManager(NoTransactionManager.INSTANCE)
                .snapshotSerializer(serializer)
                .eventSerializer(serializer)
                .dataType(byte[].class)
                .schema(EventTables.SCHEMA)
                .build();
        return new ReadModelDatabase(new JdbcTemplate(dataSource),
                EmbeddedEventStore.builder().storageEngine(storage).build());
    }

    public JdbcTemplate jdbc() {
        return jdbc;
    }

    public EventStore eventStore() {
        return eventStore;
    }

    /** Empties every table the migrations made, the stored events too, so that a test starts from nothing. */
    public void empty() {
        jdbc.execute("truncate table " + tables);
    }

    /** Stores an event of an aggregate's stream, as the command side does; no projection sees it. */
    public void store(String aggregateId, long sequence, Object event) {
        eventStore.publish(new GenericDomainEventMessage<>(aggregateTypeOf(aggregateId), aggregateId, sequence,
                event));
    }

    /** Stores a snapshot of an aggregate as of {@code sequence}, as the command side's snapshotter does. */
    public void storeSnapshot(String aggregateId, long sequence, Object state) {
        eventStore.storeSnapshot(new GenericDomainEventMessage<>(aggregateTypeOf(aggregateId), aggregateId, sequence,
                state));
    }

    private static String aggregateTypeOf(String aggregateId) {
        String prefix = aggregateId.substring(0, aggregateId.indexOf('_'));
        return switch (prefix) {
            case "pay" -> "Payout";
            case "drv" -> "Driver";
            case "batch" -> "Batch";
            case "wallet" -> "Wallet";
            default -> throw new IllegalArgumentException("no aggregate has ids like " + aggregateId);
        };
    }
}
