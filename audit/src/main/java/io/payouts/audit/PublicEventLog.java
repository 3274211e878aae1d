package io.payouts.audit;

import io.payouts.query.consistency.ListCatchUp;
import io.payouts.shared.ForbiddenException;
import io.payouts.shared.InvalidFieldException;
import io.payouts.shared.Mode;
import io.payouts.shared.apikey.Scope;
import io.payouts.shared.eventhandling.ProcessingGroups;
import org.springframework.stereotype.Component;

import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The events API's reads (ADR-0027): a mode's events newest first with a cursor, one event by its {@code evt_} id
 * (the id its webhook carried), and every event of a range oldest first for an export. A caller sees the events of
 * the resources its scopes let it read. Each read waits for the audit log to pass the events stored before it.
 */
@Component
public class PublicEventLog {

    private final AuditEvents log;
    private final StoredEventReader reader;
    private final ListCatchUp catchUp;

    PublicEventLog(AuditEvents log, StoredEventReader reader, ListCatchUp catchUp) {
        this.log = log;
        this.reader = reader;
        this.catchUp = catchUp;
    }

    /** The request's filters as it sent them: each optional, each a 400 naming it when malformed. */
    public record Criteria(String type, String resource, String from, String to) {
    }

    /** A page of the events list: newest first; {@code nextCursor} continues below its last event. */
    public record EventPage(List<PublicEvent> items, boolean hasMore, String nextCursor) {
    }

    public EventPage newestFirst(Mode mode, Set<Scope> scopes, Criteria criteria, String cursor, Integer limit) {
        EventFilter filter = filter(mode, scopes, criteria);
        Long before = EventCursor.parse(cursor);
        int size = EventPageSize.of(limit);
        catchUp.await(ProcessingGroups.AUDIT_LOG);
        List<LoggedEvent> rows = log.newestFirst(filter, before, size + 1);
        boolean hasMore = rows.size() > size;
        List<LoggedEvent> page = hasMore ? rows.subList(0, size) : rows;
        String next = hasMore ? EventCursor.after(page.get(page.size() - 1).position()) : null;
        return new EventPage(page.stream().map(this::render).toList(), hasMore, next);
    }

    /**
     * Checks the criteria and waits for the log before it returns, so that a refusal leaves before an answer has
     * begun; the export then hands each event to its sink as a database cursor reads it, never the whole range in
     * memory.
     */
    public Export export(Mode mode, Set<Scope> scopes, Criteria criteria) {
        EventFilter filter = filter(mode, scopes, criteria);
        catchUp.await(ProcessingGroups.AUDIT_LOG);
        return sink -> log.oldestFirst(filter, logged -> sink.accept(render(logged)));
    }

    /** An export whose criteria were accepted: {@link #writeTo} streams its events. */
    @FunctionalInterface
    public interface Export {
        void writeTo(Consumer<PublicEvent> sink);
    }

    /** A 404 for an unknown id or another mode's event, a 403 when the caller may not read its resource. */
    public PublicEvent one(Mode mode, Set<Scope> scopes, String id) {
        catchUp.await(ProcessingGroups.AUDIT_LOG);
        LoggedEvent logged = log.byEventId(id).filter(found -> found.mode() == mode)
                .orElseThrow(() -> new AuditResourceNotFoundException("event", id));
        PublicEvent event = render(logged);
        ResourceKind kind = ResourceKind.valueOf(event.resourceType().toUpperCase());
        if (kind.readScope().isEmpty()) {
            throw new AuditResourceNotFoundException("event", id);
        }
        if (!scopes.contains(kind.readScope().get())) {
            throw new ForbiddenException("this API key lacks the scope " + kind.readScope().get().apiName()
                    + " to read " + event.type() + " events");
        }
        return event;
    }

    private PublicEvent render(LoggedEvent logged) {
        return PublicEvents.of(reader.read(logged.event()), logged.mode());
    }

    private static EventFilter filter(Mode mode, Set<Scope> scopes, Criteria criteria) {
        Set<String> types = ReadableTypes.of(scopes, criteria.type());
        Instant start = QueryInstants.parse("from", criteria.from());
        Instant end = QueryInstants.parse("to", criteria.to());
        if (start != null && end != null && !end.isAfter(start)) {
            throw new InvalidFieldException("to", "must be after from");
        }
        if (criteria.resource() != null && criteria.resource().isBlank()) {
            throw new InvalidFieldException("resource", "must be a resource id such as pay_…");
        }
        return new EventFilter(mode, types, criteria.resource(), start, end);
    }
}
