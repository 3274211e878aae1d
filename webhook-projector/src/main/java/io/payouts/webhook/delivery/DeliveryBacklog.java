package io.payouts.webhook.delivery;

import io.payouts.shared.Mode;
import io.payouts.webhook.subscription.SubscriptionId;
import org.springframework.jdbc.core.JdbcTemplate;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static io.payouts.webhook.delivery.Deliveries.instant;
import static io.payouts.webhook.delivery.Deliveries.timestamp;

/**
 * How far behind each subscription's deliveries are (ADR-0030): what waits to be delivered and since when, and how
 * long the deliveries of the last hour took from their creation (or resend) to the receiver's 2xx. The metrics and
 * the subscriptions API read it.
 */
public class DeliveryBacklog {

    /** The window the latency figures cover. */
    public static final Duration RECENT = Duration.ofHours(1);

    private final JdbcTemplate jdbc;

    public DeliveryBacklog(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** Every subscription with deliveries waiting, across modes. */
    public List<Waiting> waiting() {
        return jdbc.query("""
                        select d.subscription_id, s.mode, count(*) as pending, min(d.retry_from) as oldest
                        from webhook_delivery d join webhook_subscription s on s.id = d.subscription_id
                        where d.status = 'pending' and d.subscription_id is not null
                        group by d.subscription_id, s.mode""",
                (row, index) -> new Waiting(new SubscriptionId(row.getString("subscription_id")),
                        Mode.valueOf(row.getString("mode")), row.getLong("pending"),
                        instant(row.getTimestamp("oldest"))));
    }

    /** The figures of these subscriptions, as of {@code now}; a subscription with nothing to show has zeros. */
    public Map<SubscriptionId, Figures> of(List<SubscriptionId> subscriptions, Instant now) {
        if (subscriptions.isEmpty()) {
            return Map.of();
        }
        String[] ids = subscriptions.stream().map(SubscriptionId::value).toArray(String[]::new);
        List<Figures> figures = jdbc.query(connection -> {
            var statement = connection.prepareStatement("""
                    select s.id,
                        (select count(*) from webhook_delivery d
                         where d.subscription_id = s.id and d.status = 'pending') as pending,
                        (select min(d.retry_from) from webhook_delivery d
                         where d.subscription_id = s.id and d.status = 'pending') as oldest,
                        recent.delivered, recent.p50, recent.p95
                    from webhook_subscription s cross join lateral (
                        select count(*) as delivered,
                            percentile_cont(0.5) within group (order by extract(epoch from d.processed_at - d.retry_from))
                                as p50,
                            percentile_cont(0.95) within group (order by extract(epoch from d.processed_at - d.retry_from))
                                as p95
                        from webhook_delivery d
                        where d.subscription_id = s.id and d.created_at >= ? and d.status = 'success') recent
                    where s.id = any (?)""");
            statement.setObject(1, timestamp(now.minus(RECENT)));
            statement.setArray(2, connection.createArrayOf("varchar", ids));
            return statement;
        }, (row, index) -> new Figures(new SubscriptionId(row.getString("id")), row.getLong("pending"),
                instant(row.getTimestamp("oldest")), row.getLong("delivered"), millis(row.getObject("p50")),
                millis(row.getObject("p95"))));
        return figures.stream().collect(Collectors.toMap(Figures::subscription, f -> f));
    }

    private static Long millis(Object seconds) {
        return seconds == null ? null : Math.round(((Number) seconds).doubleValue() * 1000);
    }

    /** A subscription's deliveries not yet delivered, failed or given up, and the oldest one's start. */
    public record Waiting(SubscriptionId subscription, Mode mode, long pending, Instant oldestSince) {
    }

    /**
     * @param oldestPendingSince when the oldest pending delivery was created (or resent); null when none waits
     * @param deliveredRecently  deliveries created in the last {@link #RECENT} and delivered
     * @param latencyP50Millis   their median time from creation to the receiver's 2xx; null when none
     */
    public record Figures(SubscriptionId subscription, long pending, Instant oldestPendingSince,
                          long deliveredRecently, Long latencyP50Millis, Long latencyP95Millis) {
    }
}
