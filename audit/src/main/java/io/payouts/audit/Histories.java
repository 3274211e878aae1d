package io.payouts.audit;

import io.payouts.query.consistency.ListCatchUp;
import io.payouts.shared.Mode;
import io.payouts.shared.PageRequest;
import io.payouts.shared.ResultPage;
import io.payouts.shared.eventhandling.ProcessingGroups;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * A resource's history (ADR-0027): every event of its stream, oldest first, paged. Read from the event store itself,
 * so a history right after a write shows it, on any instance; with the events in Axon Server, from the audit log's
 * copy of them once the log has caught up ({@link StoredEventTable}). A top-up, which lives in its wallet's stream,
 * is read through the audit log's index of the ids each event concerns.
 */
@Component
public class Histories {

    private final JdbcTemplate jdbc;
    private final StoredEventReader reader;
    private final AuditEvents log;
    private final ListCatchUp catchUp;
    private final StoredEventTable events;

    Histories(JdbcTemplate jdbc, StoredEventReader reader, AuditEvents log, ListCatchUp catchUp,
              StoredEventTable events) {
        this.jdbc = jdbc;
        this.reader = reader;
        this.log = log;
        this.catchUp = catchUp;
        this.events = events;
    }

    /**
     * The stream of an aggregate of {@code kind} in {@code mode} (null: any mode, for API keys); anything else is
     * {@code notFound}.
     */
    public ResultPage<PublicEvent> ofStream(String aggregateId, ResourceKind kind, Mode mode, PageRequest page,
                                       Supplier<RuntimeException> notFound) {
        if (events.copies()) {
            catchUp.await(ProcessingGroups.AUDIT_LOG);
        }
        List<StoredEvent> first = jdbc.query("select " + StoredEvent.COLUMNS + " from " + events.name() + " e"
                + " where e.aggregate_identifier = ? order by e.sequence_number limit 1", StoredEvent.ROWS, aggregateId);
        if (first.isEmpty()) {
            throw notFound.get();
        }
        PublicEvent opening = PublicEvents.of(reader.read(first.get(0)), null);
        Mode streamMode = opening.mode() == null ? null : Mode.valueOf(opening.mode().toUpperCase());
        if (!opening.resourceType().equals(kind.apiName()) || (mode != null && streamMode != mode)) {
            throw notFound.get();
        }
        long total = jdbc.queryForObject("select count(*) from " + events.name() + " where aggregate_identifier = ?",
                Long.class, aggregateId);
        List<PublicEvent> items = jdbc.query("select " + StoredEvent.COLUMNS + " from " + events.name() + " e"
                        + " where e.aggregate_identifier = ? order by e.sequence_number offset ? limit ?",
                        StoredEvent.ROWS, aggregateId, page.offset(), page.pageSize()).stream()
                .map(stored -> PublicEvents.of(reader.read(stored), streamMode)).toList();
        return new ResultPage<>(items, total, page.page(), page.pageSize());
    }

    /** A top-up's events: its request and its settlement, from the wallet's stream. */
    public ResultPage<PublicEvent> ofTopUp(String transactionId, Mode mode, PageRequest page) {
        catchUp.await(ProcessingGroups.AUDIT_LOG);
        List<LoggedEvent> opening = log.ofResource(transactionId, 0, 1);
        Optional<LoggedEvent> request = opening.stream().filter(logged -> logged.mode() == mode).findFirst();
        if (request.isEmpty() || !PublicEvents.of(reader.read(request.get().event()), mode).resourceType()
                .equals(ResourceKind.TOP_UP.apiName())) {
            throw new AuditResourceNotFoundException("top-up", transactionId);
        }
        List<PublicEvent> items = log.ofResource(transactionId, page.offset(), page.pageSize()).stream()
                .map(logged -> PublicEvents.of(reader.read(logged.event()), logged.mode())).toList();
        return new ResultPage<>(items, log.countOfResource(transactionId), page.page(), page.pageSize());
    }
}
