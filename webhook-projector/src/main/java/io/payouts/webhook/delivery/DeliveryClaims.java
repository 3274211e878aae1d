package io.payouts.webhook.delivery;

import io.payouts.shared.Mode;
import io.payouts.webhook.subscription.SubscriptionId;
import io.payouts.webhook.subscription.Subscriptions;
import org.springframework.jdbc.core.JdbcTemplate;

import java.net.URI;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

import static io.payouts.webhook.delivery.Deliveries.instant;
import static io.payouts.webhook.delivery.Deliveries.timestamp;

/**
 * Leases due deliveries of the subscriptions a dispatcher sends for ({@link SenderLeases}) to it alone, each for one
 * attempt (ADR-0030). The lease condition (pending, not under lease) sits on the locking level, where PostgreSQL
 * rechecks it on the locked row: a delivery leased meanwhile is passed over, never leased twice.
 * <p>
 * Delivered rows leave dead index entries at the head until vacuum, so a claim starts at the subscription's cursor,
 * taking only never-leased deliveries. A sweep starts from the head and takes over expired leases (a crashed or
 * stalled dispatcher's).
 */
class DeliveryClaims {

    private static final Timestamp HEAD = Timestamp.from(Instant.EPOCH);

    private final JdbcTemplate jdbc;
    private final Map<String, Cursor> cursors = new ConcurrentHashMap<>();

    DeliveryClaims(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * Leases, until {@code leaseUntil}, up to each subscription's room of its due deliveries, oldest first, taking
     * the subscriptions in turns up to {@code limit} in all. A sweep passes over {@code underWay}, this dispatcher's
     * own attempts, should their lease have run out while they wait for a slow receiver or a starved recorder.
     */
    List<ClaimedDelivery> claim(Map<SubscriptionId, Integer> rooms, int limit, Instant now, Instant leaseUntil,
                                boolean sweeping, Collection<String> underWay) {
        Map<SubscriptionId, Integer> withRoom = rooms.entrySet().stream().filter(room -> room.getValue() > 0)
                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
        if (withRoom.isEmpty() || limit <= 0) {
            return List.of();
        }
        if (sweeping) {
            cursors.clear();
        }
        List<SubscriptionId> subscriptions = List.copyOf(withRoom.keySet());
        List<ClaimedDelivery> claimed = jdbc.query(connection -> {
            var statement = connection.prepareStatement("""
                    with candidates as (
                        select c.id, c.subscription_id, c.next_attempt_at
                        from unnest(?::varchar[], ?::int[], ?::timestamptz[], ?::varchar[])
                            as r(subscription_id, room, after_at, after_id)
                        cross join lateral (
                            select d.id, d.subscription_id, d.next_attempt_at from webhook_delivery d
                            where d.subscription_id = r.subscription_id and d.status = 'pending'
                              and d.next_attempt_at <= ? and (d.next_attempt_at, d.id) > (r.after_at, r.after_id)
                              and (d.lease_until is null or (? and d.lease_until <= ? and d.id <> all (?)))
                            order by d.next_attempt_at, d.id
                            limit r.room
                            for update of d skip locked) c),
                    in_turns as (
                        select id from (
                            select id, next_attempt_at, row_number() over (
                                partition by subscription_id order by next_attempt_at, id) as turn
                            from candidates) turns
                        order by turn, next_attempt_at, id
                        limit ?)
                    update webhook_delivery d set lease_until = ?, attempts = d.attempts + 1
                    from in_turns, webhook_subscription s
                    where d.id = in_turns.id and s.id = d.subscription_id and s.status = 'active'
                      and d.status = 'pending' and (d.lease_until is null or (? and d.lease_until <= ?))
                    returning d.id, d.mode, d.event_id, d.event_type, d.subscription_id, d.payload, d.attempts,
                        d.retry_from, d.next_attempt_at, s.url, s.secret, s.previous_secret, s.previous_secret_until""");
            statement.setArray(1, connection.createArrayOf("varchar",
                    subscriptions.stream().map(SubscriptionId::value).toArray()));
            statement.setArray(2, connection.createArrayOf("int4",
                    subscriptions.stream().map(withRoom::get).toArray()));
            statement.setArray(3, connection.createArrayOf("timestamptz",
                    subscriptions.stream().map(id -> cursor(id).at()).toArray()));
            statement.setArray(4, connection.createArrayOf("varchar",
                    subscriptions.stream().map(id -> cursor(id).id()).toArray()));
            statement.setObject(5, timestamp(now));
            statement.setBoolean(6, sweeping);
            statement.setObject(7, timestamp(now));
            statement.setArray(8, connection.createArrayOf("varchar", underWay.toArray()));
            statement.setInt(9, limit);
            statement.setObject(10, timestamp(leaseUntil));
            statement.setBoolean(11, sweeping);
            statement.setObject(12, timestamp(now));
            return statement;
        }, (row, index) -> claimed(row, now));
        advanceCursors(claimed);
        return claimed;
    }

    /** Forgets where the claims of subscriptions this dispatcher no longer sends for stood. */
    void keepCursorsOf(Collection<SubscriptionId> subscriptions) {
        cursors.keySet().retainAll(subscriptions.stream().map(SubscriptionId::value).toList());
    }

    private void advanceCursors(List<ClaimedDelivery> claimed) {
        claimed.stream().collect(Collectors.groupingBy(delivery -> delivery.subscriptionId().value()))
                .forEach((subscription, deliveries) -> {
                    ClaimedDelivery last = deliveries.stream().max(Comparator.comparing(ClaimedDelivery::dueAt)
                            .thenComparing(ClaimedDelivery::id)).orElseThrow();
                    cursors.merge(subscription, new Cursor(Timestamp.from(last.dueAt()), last.id()), Cursor::later);
                });
    }

    private Cursor cursor(SubscriptionId subscription) {
        return cursors.getOrDefault(subscription.value(), new Cursor(HEAD, ""));
    }

    private static ClaimedDelivery claimed(ResultSet row, Instant now) throws SQLException {
        List<String> secrets = Subscriptions.signingSecrets(row.getString("secret"), row.getString("previous_secret"),
                instant(row.getTimestamp("previous_secret_until")), now);
        return new ClaimedDelivery(row.getString("id"), Mode.valueOf(row.getString("mode")), row.getString("event_id"),
                row.getString("event_type"),
                new SubscriptionId(row.getString("subscription_id")), URI.create(row.getString("url")),
                row.getString("payload"), row.getInt("attempts"), instant(row.getTimestamp("retry_from")),
                instant(row.getTimestamp("next_attempt_at")), secrets);
    }

    /** Where a subscription's next claim starts: past the delivery due at {@code at} with id {@code id}. */
    private record Cursor(Timestamp at, String id) {

        Cursor later(Cursor other) {
            int byTime = at.compareTo(other.at);
            return byTime > 0 || (byTime == 0 && id.compareTo(other.id) >= 0) ? this : other;
        }
    }
}
