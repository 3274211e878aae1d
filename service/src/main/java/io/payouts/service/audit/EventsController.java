package io.payouts.service.audit;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.payouts.audit.PublicEvent;
import io.payouts.audit.PublicEventLog.Criteria;
import io.payouts.audit.PublicEventLog.EventPage;
import io.payouts.audit.PublicEventLog;
import io.payouts.service.http.ApiResponse;
import io.payouts.service.http.RequestContext;
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

/**
 * The events API over HTTP (ADR-0027): the list, one event, and the export as NDJSON for auditors. Any API key may
 * call it; what it sees is {@link PublicEventLog}'s to decide.
 */
@RestController
@RequestMapping("/api/v1/events")
class EventsController {

    static final String NDJSON = "application/x-ndjson";

    private final PublicEventLog events;
    private final ObjectMapper json;

    EventsController(PublicEventLog events, ObjectMapper json) {
        this.events = events;
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
        return ApiResponse.ok(context, events.newestFirst(context.mode(), context.requireCaller().scopes(),
                new Criteria(type, resource, from, to), cursor, limit));
    }

    /**
     * Written while the request runs, an event at a time. No produces condition and no asynchronous body, so a
     * refusal still leaves as the JSON error envelope and the security filters see one dispatch only.
     */
    @GetMapping("/export")
    void export(@RequestParam(required = false) String type,
                @RequestParam(required = false) String resource,
                @RequestParam(required = false) String from,
                @RequestParam(required = false) String to,
                RequestContext context, HttpServletResponse response) throws IOException {
        PublicEventLog.Export export = events.export(context.mode(), context.requireCaller().scopes(),
                new Criteria(type, resource, from, to));
        response.setStatus(HttpServletResponse.SC_OK);
        response.setContentType(NDJSON);
        response.setCharacterEncoding(StandardCharsets.UTF_8.name());
        BufferedWriter writer = new BufferedWriter(new OutputStreamWriter(response.getOutputStream(),
                StandardCharsets.UTF_8));
        export.writeTo(event -> {
            try {
                writer.write(json.writeValueAsString(event));
                writer.write('\n');
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        writer.flush();
    }

    @GetMapping("/{id}")
    ApiResponse<PublicEvent> get(@PathVariable String id, RequestContext context) {
        return ApiResponse.ok(context, events.one(context.mode(), context.requireCaller().scopes(), id));
    }
}
