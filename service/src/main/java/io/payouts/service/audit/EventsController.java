package io.payouts.service.audit;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.payouts.query.consistency.ListCatchUp;
import io.payouts.service.http.ApiResponse;
import io.payouts.service.http.RequestContext;
import io.payouts.shared.ForbiddenException;
import io.payouts.shared.InvalidFieldException;
import io.payouts.shared.Mode;
import io.payouts.shared.eventhandling.ProcessingGroups;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Set;

/**
 * The events API (ADR-0027): the mode's events newest first with a cursor, one event by its {@code evt_} id (the id
 * its webhook carried), and the export of a time range as NDJSON for auditors. Any API key may call it; it sees the
 * events of the resources its scopes let it read.
 */
@RestController
@RequestMapping("/api/v1/events")
class EventsController {

    static final String NDJSON = "application/x-ndjson";

    private final AuditEvents log;
    private final StoredEventReader reader;
    private final ListCatchUp catchUp;
    private final ObjectMapper json;

    EventsController(AuditEvents log, StoredEventReader reader, ListCatchUp catchUp, ObjectMapper json) {
        this.log = log;
        this.reader = reader;
        this.catchUp = catchUp;
        this.json = json;
    }

    @GetMapping
    ApiResponse<EventPage> list(@RequestParam(required = false) String type,
                                @RequestParam(required = false) String resource,
                                @RequestParam(required = false) String from,
                                @RequestParam(required = false) String to,
                                @RequestParam(required = false) String cursor,
                                @RequestParam(required = false) Integer limit,
                                RequestContext context) {
        EventFilter filter = filter(context, type, resource, from, to);
        Long before = EventCursor.parse(cursor);
        int size = EventPageSize.of(limit);
        catchUp.await(ProcessingGroups.AUDIT_LOG);
        List<LoggedEvent> rows = log.newestFirst(filter, before, size + 1);
        boolean hasMore = rows.size() > size;
        List<LoggedEvent> page = hasMore ? rows.subList(0, size) : rows;
        List<PublicEvent> items = page.stream().map(this::render).toList();
        String next = hasMore ? EventCursor.after(page.get(page.size() - 1).position()) : null;
        return ApiResponse.ok(context, new EventPage(items, hasMore, next));
    }

    /**
     * Written while the request runs, a row at a time from a database cursor: never the whole range in memory. No
     * produces condition and no asynchronous body, so a refusal still leaves as the JSON error envelope and the
     * security filters see one dispatch only.
     */
    @GetMapping("/export")
    void export(@RequestParam(required = false) String type,
                @RequestParam(required = false) String resource,
                @RequestParam(required = false) String from,
                @RequestParam(required = false) String to,
                RequestContext context, HttpServletResponse response) throws IOException {
        EventFilter filter = filter(context, type, resource, from, to);
        catchUp.await(ProcessingGroups.AUDIT_LOG);
        response.setStatus(HttpServletResponse.SC_OK);
        response.setContentType(NDJSON);
        response.setCharacterEncoding(StandardCharsets.UTF_8.name());
        BufferedWriter writer = new BufferedWriter(new OutputStreamWriter(response.getOutputStream(),
                StandardCharsets.UTF_8));
        log.oldestFirst(filter, logged -> {
            try {
                writer.write(json.writeValueAsString(render(logged)));
                writer.write('\n');
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        writer.flush();
    }

    @GetMapping("/{id}")
    ApiResponse<PublicEvent> get(@PathVariable String id, RequestContext context) {
        catchUp.await(ProcessingGroups.AUDIT_LOG);
        LoggedEvent logged = log.byEventId(id).filter(found -> found.mode() == context.mode())
                .orElseThrow(() -> new AuditResourceNotFoundException("event", id));
        PublicEvent event = render(logged);
        ResourceKind kind = ResourceKind.valueOf(event.resourceType().toUpperCase());
        if (kind.readScope().isEmpty()) {
            throw new AuditResourceNotFoundException("event", id);
        }
        if (!context.requireCaller().scopes().contains(kind.readScope().get())) {
            throw new ForbiddenException("this API key lacks the scope " + kind.readScope().get().apiName()
                    + " to read " + event.type() + " events");
        }
        return ApiResponse.ok(context, event);
    }

    private PublicEvent render(LoggedEvent logged) {
        return PublicEvents.of(reader.read(logged.event()), logged.mode());
    }

    private static EventFilter filter(RequestContext context, String type, String resource, String from, String to) {
        Mode mode = context.mode();
        Set<String> types = ReadableTypes.of(context.requireCaller().scopes(), type);
        Instant start = QueryInstants.parse("from", from);
        Instant end = QueryInstants.parse("to", to);
        if (start != null && end != null && !end.isAfter(start)) {
            throw new InvalidFieldException("to", "must be after from");
        }
        if (resource != null && resource.isBlank()) {
            throw new InvalidFieldException("resource", "must be a resource id such as pay_…");
        }
        return new EventFilter(mode, types, resource, start, end);
    }

    /** A page of the events list: newest first; {@code nextCursor} continues below its last event. */
    record EventPage(List<PublicEvent> items, boolean hasMore, String nextCursor) {
    }
}
