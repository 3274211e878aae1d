package io.payouts.webhook.delivery;

import io.payouts.shared.Mode;
import io.payouts.shared.PageRequest;
import io.payouts.shared.ResultPage;
import org.springframework.jdbc.core.JdbcTemplate;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The webhook logs of a mode: outbound deliveries and inbound events, newest first, with their attempts. */
public class WebhookLogs {

    /** A delivery's columns and the URL of its subscription, which keeps its row when deleted. */
    private static final String COLUMNS = "d.id, d.direction, d.event_id, d.event_type, d.subscription_id, d.payload, "
            + "d.status, d.attempts, d.next_attempt_at, d.processed_at, d.created_at, d.last_error, s.url";
    private static final String FROM = " from webhook_delivery d left join webhook_subscription s"
            + " on s.id = d.subscription_id";

    private final JdbcTemplate jdbc;

    public WebhookLogs(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** {@code eventType} null lists every type. */
    public ResultPage<Entry> list(Mode mode, String eventType, PageRequest page) {
        String where = " where d.mode = ?" + (eventType == null ? "" : " and d.event_type = ?");
        Object[] filter = eventType == null ? new Object[]{mode.name()} : new Object[]{mode.name(), eventType};
        Long total = jdbc.queryForObject("select count(*) from webhook_delivery d" + where, Long.class, filter);
        List<Object> arguments = new ArrayList<>(List.of(filter));
        arguments.add(page.pageSize());
        arguments.add(page.offset());
        List<Entry> entries = jdbc.query("select " + COLUMNS + FROM + where
                + " order by d.created_at desc, d.id limit ? offset ?", WebhookLogs::entry, arguments.toArray());
        return new ResultPage<>(withAttempts(entries), total == null ? 0 : total, page.page(), page.pageSize());
    }

    public java.util.Optional<Entry> find(Mode mode, String id) {
        return withAttempts(jdbc.query("select " + COLUMNS + FROM + " where d.id = ? and d.mode = ?",
                WebhookLogs::entry, id, mode.name())).stream().findFirst();
    }

    private List<Entry> withAttempts(List<Entry> entries) {
        if (entries.isEmpty()) {
            return entries;
        }
        Map<String, List<Attempt>> attempts = new LinkedHashMap<>();
        String placeholders = String.join(",", Collections.nCopies(entries.size(), "?"));
        jdbc.query("select delivery_id, attempt, attempted_at, status_code, duration_ms, error from webhook_attempt"
                        + " where delivery_id in (" + placeholders + ") order by delivery_id, attempt",
                row -> {
                    int statusCode = row.getInt("status_code");
                    attempts.computeIfAbsent(row.getString("delivery_id"), id -> new ArrayList<>()).add(new Attempt(
                            row.getInt("attempt"), Deliveries.instant(row.getTimestamp("attempted_at")),
                            row.wasNull() ? null : statusCode, row.getLong("duration_ms"), row.getString("error")));
                }, entries.stream().map(Entry::id).toArray());
        return entries.stream().map(entry -> entry.withAttempts(attempts.getOrDefault(entry.id(), List.of())))
                .toList();
    }

    private static Entry entry(ResultSet row, int index) throws SQLException {
        return new Entry(row.getString("id"), row.getString("direction"), row.getString("event_id"),
                row.getString("event_type"), row.getString("subscription_id"), row.getString("payload"),
                row.getString("status"), row.getInt("attempts"),
                Deliveries.instant(row.getTimestamp("next_attempt_at")),
                Deliveries.instant(row.getTimestamp("processed_at")),
                Deliveries.instant(row.getTimestamp("created_at")),
                row.getString("last_error"), row.getString("url"), List.of());
    }

    /**
     * One log entry.
     *
     * @param direction outbound (a delivery to a subscription) or inbound (an event a rail sent the service)
     * @param status    pending (still being tried), success or failed
     * @param payload   the raw JSON sent or received
     * @param url       where an outbound delivery goes (its subscription's URL); null for an inbound event
     */
    public record Entry(String id, String direction, String eventId, String eventType, String subscriptionId,
                        String payload, String status, int attemptCount, Instant nextAttemptAt, Instant processedAt,
                        Instant createdAt, String lastError, String url, List<Attempt> attempts) {

        Entry withAttempts(List<Attempt> attempts) {
            return new Entry(id, direction, eventId, eventType, subscriptionId, payload, status, attemptCount,
                    nextAttemptAt, processedAt, createdAt, lastError, url, List.copyOf(attempts));
        }
    }

    /** One attempt: the receiver's status code (null when none came), how long it took, and what went wrong. */
    public record Attempt(int attempt, Instant attemptedAt, Integer statusCode, long durationMillis, String error) {
    }
}
