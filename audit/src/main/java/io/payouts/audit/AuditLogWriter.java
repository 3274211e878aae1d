package io.payouts.audit;

import io.payouts.platform.eventstore.EventTables;
import io.payouts.shared.Mode;
import io.payouts.shared.eventhandling.BatchedEventHandler;
import io.payouts.shared.eventhandling.ProcessingGroups;
import org.axonframework.common.DateTimeUtils;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.DisallowReplay;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.EventMessage;
import org.axonframework.eventhandling.TrackedEventMessage;
import org.axonframework.serialization.SerializedObject;
import org.axonframework.serialization.Serializer;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Writes the audit log (ADR-0025, ADR-0027) from a one-segment tracking processor, so events chain in the order the
 * processor meets them, late-filled gaps included. Each processor batch is chained at once and committed with its token
 * (ADR-0024); a redelivered event adds nothing. Never replayed: the chain records what was stored, which a rebuild
 * could only copy. No dead-letter queue: a chain must not skip an event, so a failure stops the processor. On Axon
 * Server it keeps chained events' bytes as delivered ({@link StoredEventTable}): PostgreSQL's event table is empty
 * there.
 */
@Component
@ProcessingGroup(ProcessingGroups.AUDIT_LOG)
@DisallowReplay
class AuditLogWriter extends BatchedEventHandler {

    static final String PRODUCTION_CHAIN = "production";
    static final String SANDBOX_CHAIN = "sandbox";

    private final JdbcTemplate jdbc;
    private final StoredEventTable table;
    private final Serializer serializer;

    AuditLogWriter(JdbcTemplate jdbc, StoredEventTable table, @Qualifier("eventSerializer") Serializer serializer) {
        this.jdbc = jdbc;
        this.table = table;
        this.serializer = serializer;
    }

    @EventHandler
    void on(Object event, EventMessage<?> message) {
        if (message instanceof DomainEventMessage<?> domainEvent) {
            collect(domainEvent.getAggregateIdentifier(), domainEvent, domainEvent.getSequenceNumber());
        }
    }

    @Override
    protected void apply(List<Collected> events) {
        List<DomainEventMessage<?>> messages = new ArrayList<>();
        events.forEach(collected -> messages.add((DomainEventMessage<?>) collected.event()));
        Map<String, StoredEvent> stored = table.copies() ? copies(messages) : storedRows(messages);
        Set<Long> chained = alreadyChained(stored.values());
        Map<String, Link> lastLinks = new HashMap<>();
        Map<String, Mode> aggregateModes = new HashMap<>();
        List<Object[]> links = new ArrayList<>();
        List<StoredEvent> chainedNow = new ArrayList<>();
        for (DomainEventMessage<?> message : messages) {
            StoredEvent row = stored.get(message.getIdentifier());
            if (row == null || !chained.add(row.globalIndex())) {
                continue;
            }
            EventFacts facts = EventFacts.of(message, null);
            if (facts.mode() == null) {
                facts = EventFacts.of(message, aggregateModes.computeIfAbsent(row.aggregateIdentifier(),
                        this::modeOfAggregate));
            }
            Mode mode = facts.mode() == null ? Mode.PRODUCTION : facts.mode();
            aggregateModes.putIfAbsent(row.aggregateIdentifier(), mode);
            String chain = chainOf(mode, facts.kind());
            Link previous = lastLinks.computeIfAbsent(chain, this::lastLink);
            byte[] hash = ChainLinks.link(previous == null ? null : previous.hash(), row);
            long number = previous == null ? 1 : previous.number() + 1;
            lastLinks.put(chain, new Link(number, hash));
            chainedNow.add(row);
            links.add(new Object[]{row.globalIndex(), chain, number, facts.eventId(), mode.name(), facts.type(),
                    facts.kind().name(), row.aggregateIdentifier(), facts.resourceIds().toArray(String[]::new),
                    Timestamp.from(message.getTimestamp()), previous == null ? null : previous.hash(), hash});
        }
        if (!links.isEmpty()) {
            jdbc.batchUpdate("""
                    insert into audit_event (global_index, position, chain, link_no, event_id, mode, type,
                        resource_kind, aggregate_identifier, resource_ids, occurred_at, previous_hash, hash)
                    values (?, nextval('audit_event_position_seq'), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""", links);
        }
        if (table.copies() && !chainedNow.isEmpty()) {
            jdbc.batchUpdate("insert into audit_stored_event (global_index, aggregate_identifier, sequence_number,"
                    + " type, event_identifier, payload_type, payload_revision, payload, meta_data, time_stamp)"
                    + " values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", chainedNow.stream().map(row -> new Object[]{
                    row.globalIndex(), row.aggregateIdentifier(), row.sequenceNumber(), row.aggregateType(),
                    row.eventIdentifier(), row.payloadType(), row.payloadRevision(), row.payload(), row.metaData(),
                    row.timeStamp()}).toList());
        }
    }

    /**
     * The events as the event store delivered them: the serializer hands back the bytes it read (the personal data
     * still encrypted, ADR-0026) rather than serializing the payload anew, and the tracking token is the global index.
     */
    private Map<String, StoredEvent> copies(List<DomainEventMessage<?>> messages) {
        Map<String, StoredEvent> rows = new HashMap<>();
        for (DomainEventMessage<?> message : messages) {
            if (!(message instanceof TrackedEventMessage<?> tracked) || tracked.trackingToken().position().isEmpty()) {
                throw new IllegalStateException("event " + message.getIdentifier() + " came without its position");
            }
            SerializedObject<byte[]> payload = message.serializePayload(serializer, byte[].class);
            SerializedObject<byte[]> metaData = message.serializeMetaData(serializer, byte[].class);
            rows.put(message.getIdentifier(), new StoredEvent(tracked.trackingToken().position().getAsLong(),
                    message.getAggregateIdentifier(), message.getSequenceNumber(), message.getType(),
                    message.getIdentifier(), payload.getType().getName(), payload.getType().getRevision(),
                    payload.getData(), metaData.getData(), DateTimeUtils.formatInstant(message.getTimestamp())));
        }
        return rows;
    }

    /** The stored rows of these events, by event identifier, byte for byte: what the chain covers. */
    private Map<String, StoredEvent> storedRows(List<DomainEventMessage<?>> messages) {
        Map<String, StoredEvent> rows = new HashMap<>();
        jdbc.query(connection -> {
            PreparedStatement statement = connection.prepareStatement("select " + StoredEvent.COLUMNS
                    + " from " + EventTables.EVENTS + " e where e.event_identifier = any(?)");
            statement.setArray(1, connection.createArrayOf("varchar",
                    messages.stream().map(EventMessage::getIdentifier).toArray()));
            return statement;
        }, (ResultSet result) -> {
            StoredEvent row = StoredEvent.ROWS.mapRow(result, 0);
            rows.put(row.eventIdentifier(), row);
        });
        return rows;
    }

    Set<Long> alreadyChained(Collection<StoredEvent> rows) {
        Set<Long> chained = new HashSet<>();
        if (rows.isEmpty()) {
            return chained;
        }
        jdbc.query(connection -> {
            PreparedStatement statement = connection.prepareStatement(
                    "select global_index from audit_event where global_index = any(?)");
            statement.setArray(1, connection.createArrayOf("bigint",
                    rows.stream().map(StoredEvent::globalIndex).toArray()));
            return statement;
        }, (ResultSet result) -> {
            chained.add(result.getLong(1));
        });
        return chained;
    }

    Link lastLink(String chain) {
        List<Link> last = jdbc.query("select link_no, hash from audit_event where chain = ?"
                        + " order by link_no desc limit 1",
                (result, number) -> new Link(result.getLong("link_no"), result.getBytes("hash")), chain);
        return last.isEmpty() ? null : last.get(0);
    }

    /**
     * A sandbox reset deletes the sandbox world's events (ADR-0015) and with them its chain; API keys stay, so their
     * events chain with production's.
     */
    static String chainOf(Mode mode, ResourceKind kind) {
        return mode == Mode.SANDBOX && kind != ResourceKind.API_KEY ? SANDBOX_CHAIN : PRODUCTION_CHAIN;
    }

    Mode modeOfAggregate(String aggregateId) {
        List<String> modes = jdbc.queryForList("select mode from audit_event where aggregate_identifier = ?"
                + " order by position limit 1", String.class, aggregateId);
        return modes.isEmpty() ? null : Mode.valueOf(modes.get(0));
    }

    record Link(long number, byte[] hash) {
    }
}
