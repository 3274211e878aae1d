package io.payouts.webhook.subscription;

import io.payouts.shared.Mode;
import io.payouts.shared.PageRequest;
import io.payouts.shared.ResultPage;
import org.springframework.jdbc.core.JdbcTemplate;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The subscriptions in {@code webhook_subscription} (ADR-0014): a plain table, per mode, not an event-sourced
 * aggregate. Reads never return the secrets; only {@link #secretsOf} does, for signing.
 */
public class Subscriptions {

    private static final String COLUMNS = "id, mode, url, events, status, status_reason, status_changed_at, "
            + "previous_secret_until, created_at";

    private final JdbcTemplate jdbc;

    public Subscriptions(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    public void create(SubscriptionId id, Mode mode, String url, List<WebhookEventType> events, String secret,
                       Instant now) {
        jdbc.update("""
                insert into webhook_subscription (id, mode, url, events, secret, status, created_at)
                values (?, ?, ?, ?, ?, 'active', ?)""",
                id.value(), mode.name(), url, events.stream().map(WebhookEventType::apiName)
                        .collect(Collectors.joining(",")), secret, timestamp(now));
    }

    /** The mode's subscriptions that were not deleted, oldest first. */
    public ResultPage<Subscription> list(Mode mode, PageRequest page) {
        Long total = jdbc.queryForObject(
                "select count(*) from webhook_subscription where mode = ? and status <> 'deleted'", Long.class,
                mode.name());
        List<Subscription> items = jdbc.query("select " + COLUMNS + " from webhook_subscription"
                        + " where mode = ? and status <> 'deleted' order by created_at, id limit ? offset ?",
                Subscriptions::subscription, mode.name(), page.pageSize(), page.offset());
        return new ResultPage<>(items, total == null ? 0 : total, page.page(), page.pageSize());
    }

    /** Deletes the subscription of {@code mode}; false when there is none. Its pending deliveries stay unsent. */
    public boolean delete(Mode mode, SubscriptionId id, Instant now) {
        return jdbc.update("""
                update webhook_subscription set status = 'deleted', status_reason = 'deleted by the client',
                    status_changed_at = ?
                where id = ? and mode = ? and status <> 'deleted'""", timestamp(now), id.value(), mode.name()) == 1;
    }

    /** Replaces the secret; the old one keeps signing (as a second v1) until {@code previousUntil}. */
    public boolean rotate(Mode mode, SubscriptionId id, String newSecret, Instant previousUntil) {
        return jdbc.update("""
                update webhook_subscription set previous_secret = secret, previous_secret_until = ?, secret = ?
                where id = ? and mode = ? and status <> 'deleted'""",
                timestamp(previousUntil), newSecret, id.value(), mode.name()) == 1;
    }

    /** Every active subscription, to match a processor batch's events against without a query each. */
    public List<ActiveSubscription> active() {
        return jdbc.query("select id, mode, events, created_at from webhook_subscription where status = 'active'"
                        + " order by id",
                (row, index) -> new ActiveSubscription(new SubscriptionId(row.getString("id")),
                        Mode.valueOf(row.getString("mode")), Set.of(row.getString("events").split(",")),
                        instant(row.getTimestamp("created_at"))));
    }

    /**
     * Disables the subscription when no attempt to it succeeded since {@code since}; true when it did. A
     * subscription younger than that window is left alone.
     */
    public boolean disableIfNothingSucceededSince(SubscriptionId id, Instant since, String reason, Instant now) {
        return jdbc.update("""
                update webhook_subscription s set status = 'disabled', status_reason = ?, status_changed_at = ?
                where s.id = ? and s.status = 'active' and s.created_at <= ?
                  and not exists (select 1 from webhook_attempt a join webhook_delivery d on d.id = a.delivery_id
                                  where d.subscription_id = s.id and a.attempted_at > ?
                                    and a.status_code between 200 and 299)""",
                reason, timestamp(now), id.value(), timestamp(since), timestamp(since)) == 1;
    }

    /** The secrets deliveries to {@code id} are signed with at {@code now}: the current one, then the previous. */
    public static List<String> signingSecrets(String secret, String previous, Instant previousUntil, Instant now) {
        return previous != null && previousUntil != null && previousUntil.isAfter(now)
                ? List.of(secret, previous) : List.of(secret);
    }

    private static Subscription subscription(ResultSet row, int index) throws SQLException {
        List<WebhookEventType> events = Arrays.stream(row.getString("events").split(","))
                .map(name -> WebhookEventType.parse(name).orElseThrow()).toList();
        return new Subscription(new SubscriptionId(row.getString("id")), Mode.valueOf(row.getString("mode")),
                row.getString("url"), events,
                SubscriptionStatus.valueOf(row.getString("status").toUpperCase(java.util.Locale.ROOT)),
                row.getString("status_reason"), instant(row.getTimestamp("status_changed_at")),
                instant(row.getTimestamp("previous_secret_until")), instant(row.getTimestamp("created_at")));
    }

    static Instant instant(Timestamp timestamp) {
        return timestamp == null ? null : timestamp.toInstant();
    }

    static OffsetDateTime timestamp(Instant instant) {
        return instant == null ? null : OffsetDateTime.ofInstant(instant, ZoneOffset.UTC);
    }
}
