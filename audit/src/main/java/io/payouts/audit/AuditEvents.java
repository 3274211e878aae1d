package io.payouts.audit;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/** Reads of the audit log joined with the events it indexes (ADR-0027). */
@Component
class AuditEvents {

    private final JdbcTemplate jdbc;
    private final CursorReads cursor;
    /** The audit log joined with the events' stored bytes. */
    private final String from;

    AuditEvents(JdbcTemplate jdbc, CursorReads cursor, StoredEventTable events) {
        this.jdbc = jdbc;
        this.cursor = cursor;
        this.from = " from audit_event a join " + events.name() + " e on e.global_index = a.global_index";
    }

    /** Newest first, below {@code beforePosition} when given; {@code limit} rows at most. */
    List<LoggedEvent> newestFirst(EventFilter filter, Long beforePosition, int limit) {
        EventFilter.Clause where = filter.where();
        List<Object> arguments = new ArrayList<>(where.arguments());
        String sql = "select " + LoggedEvent.COLUMNS + from + " where " + where.sql();
        if (beforePosition != null) {
            sql += " and a.position < ?";
            arguments.add(beforePosition);
        }
        arguments.add(limit);
        return jdbc.query(sql + " order by a.position desc limit ?", LoggedEvent.ROWS, arguments.toArray());
    }

    Optional<LoggedEvent> byEventId(String eventId) {
        return jdbc.query("select " + LoggedEvent.COLUMNS + from + " where a.event_id = ?", LoggedEvent.ROWS, eventId)
                .stream().findFirst();
    }

    /** The events that concern one resource (a top-up's, say), in the order they were stored. */
    List<LoggedEvent> ofResource(String resourceId, long offset, int limit) {
        return jdbc.query("select " + LoggedEvent.COLUMNS + from + " where a.resource_ids @> array[?]::text[]"
                + " order by a.global_index offset ? limit ?", LoggedEvent.ROWS, resourceId, offset, limit);
    }

    long countOfResource(String resourceId) {
        return jdbc.queryForObject("select count(*) from audit_event a where a.resource_ids @> array[?]::text[]",
                Long.class, resourceId);
    }

    /** Oldest first, one row at a time from a database cursor: never the whole range in memory. */
    void oldestFirst(EventFilter filter, Consumer<LoggedEvent> each) {
        EventFilter.Clause where = filter.where();
        int[] number = {0};
        cursor.forEachRow("select " + LoggedEvent.COLUMNS + from + " where " + where.sql() + " order by a.position",
                where.arguments(), row -> each.accept(LoggedEvent.ROWS.mapRow(row, number[0]++)));
    }
}
