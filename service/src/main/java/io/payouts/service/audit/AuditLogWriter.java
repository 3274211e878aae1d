package io.payouts.service.audit;

import io.payouts.shared.Mode;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.DisallowReplay;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.EventMessage;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.sql.Timestamp;
import java.util.List;

/**
 * Writes the audit log (ADR-0025, ADR-0027) from a tracking processor with one segment, so events are chained one at
 * a time in the order the processor meets them, gaps filled late included. Each row commits with the processor's
 * token; a redelivered event finds its row and adds nothing. Never replayed: the chain is the record of what was
 * stored, and a rebuild could only copy it. It has no dead-letter queue: a chain must not skip an event, so an
 * event it cannot chain stops it (visible in the processor list) until the cause is fixed.
 */
@Component
@ProcessingGroup(AuditLogWriter.PROCESSING_GROUP)
@DisallowReplay
class AuditLogWriter {

    static final String PROCESSING_GROUP = "audit-log";
    static final String PRODUCTION_CHAIN = "production";
    static final String SANDBOX_CHAIN = "sandbox";

    private final JdbcTemplate jdbc;
    private final StoredEventReader reader;

    AuditLogWriter(JdbcTemplate jdbc, StoredEventReader reader) {
        this.jdbc = jdbc;
        this.reader = reader;
    }

    @EventHandler
    void on(Object event, EventMessage<?> message) {
        if (!(message instanceof DomainEventMessage<?>)) {
            return;
        }
        List<StoredEvent> stored = jdbc.query("select " + StoredEvent.COLUMNS
                + " from domain_event_entry e where e.event_identifier = ?", StoredEvent.ROWS, message.getIdentifier());
        if (stored.isEmpty() || alreadyChained(stored.get(0).globalIndex())) {
            return;
        }
        StoredEvent row = stored.get(0);
        // Read back through the upcasters, as every reader of the log will see it.
        DomainEventMessage<?> read = reader.read(row);
        EventFacts facts = EventFacts.of(read, null);
        if (facts.mode() == null) {
            facts = EventFacts.of(read, modeOfAggregate(row.aggregateIdentifier()));
        }
        Mode mode = facts.mode() == null ? Mode.PRODUCTION : facts.mode();
        String chain = chainOf(mode, facts.kind());
        List<Link> last = jdbc.query("select link_no, hash from audit_event where chain = ?"
                        + " order by link_no desc limit 1",
                (result, number) -> new Link(result.getLong("link_no"), result.getBytes("hash")), chain);
        Link previous = last.isEmpty() ? null : last.get(0);
        byte[] hash = ChainLinks.link(previous == null ? null : previous.hash(), row);
        jdbc.update("""
                        insert into audit_event (global_index, position, chain, link_no, event_id, mode, type,
                            resource_kind, aggregate_identifier, resource_ids, occurred_at, previous_hash, hash)
                        values (?, nextval('audit_event_position_seq'), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""",
                row.globalIndex(), chain, previous == null ? 1 : previous.number() + 1, facts.eventId(), mode.name(),
                facts.type(), facts.kind().name(), row.aggregateIdentifier(),
                facts.resourceIds().toArray(String[]::new), Timestamp.from(read.getTimestamp()),
                previous == null ? null : previous.hash(), hash);
    }

    /**
     * A sandbox reset deletes the sandbox world's events (ADR-0015) and with them its chain; API keys stay, so their
     * events chain with production's.
     */
    static String chainOf(Mode mode, ResourceKind kind) {
        return mode == Mode.SANDBOX && kind != ResourceKind.API_KEY ? SANDBOX_CHAIN : PRODUCTION_CHAIN;
    }

    private boolean alreadyChained(long globalIndex) {
        return !jdbc.queryForList("select 1 from audit_event where global_index = ?", Integer.class, globalIndex)
                .isEmpty();
    }

    private Mode modeOfAggregate(String aggregateId) {
        List<String> modes = jdbc.queryForList("select mode from audit_event where aggregate_identifier = ?"
                + " order by position limit 1", String.class, aggregateId);
        return modes.isEmpty() ? null : Mode.valueOf(modes.get(0));
    }

    private record Link(long number, byte[] hash) {
    }
}
