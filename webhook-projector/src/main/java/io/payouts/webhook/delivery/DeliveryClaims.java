package io.payouts.webhook.delivery;

import io.payouts.webhook.subscription.SubscriptionId;
import io.payouts.webhook.subscription.Subscriptions;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import java.net.URI;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

import static io.payouts.webhook.delivery.Deliveries.instant;
import static io.payouts.webhook.delivery.Deliveries.timestamp;

/**
 * Leases due deliveries to one dispatcher, each for one attempt, with any number of dispatchers on the database
 * (ADR-0030). A claim is one short transaction:
 * <ol>
 *     <li>lock the active, unpaused subscriptions, skipping those another dispatcher is claiming for right now, and
 *     read how many attempts each has under way ({@code in_flight}, kept by claims and outcomes);</li>
 *     <li>with a fresh snapshot, lease for each the oldest due deliveries up to its room (its concurrency, 1 while
 *     its receiver is in trouble, less those under way), taking the subscriptions in turns up to {@code limit};</li>
 *     <li>count the new leases into {@code in_flight}.</li>
 * </ol>
 * A delivery is locked and leased in one statement whose condition (pending, not under lease) sits on the locking
 * level, where PostgreSQL checks it again on the row it locks: a row another dispatcher leased and committed
 * meanwhile is passed over, never leased twice.
 * <p>
 * Delivered rows leave dead entries at the head of the due index until vacuum, so a claim starts where this
 * dispatcher's last claim of the subscription ended (its cursor) and leases only deliveries never leased. A
 * {@link #sweep} instead starts from the head, takes over leases that ran out (a crashed or stalled dispatcher's)
 * and counts {@code in_flight} anew; the dispatcher sweeps when idle and every few seconds while busy.
 */
class DeliveryClaims {

    private static final Timestamp HEAD = Timestamp.from(Instant.EPOCH);

    private final JdbcTemplate jdbc;
    private final TransactionTemplate transaction;
    private final Map<String, Cursor> cursors = new ConcurrentHashMap<>();

    DeliveryClaims(JdbcTemplate jdbc, PlatformTransactionManager transactions) {
        this.jdbc = jdbc;
        this.transaction = new TransactionTemplate(transactions);
    }

    /** Leases up to {@code limit} new due deliveries until {@code leaseUntil}, at most {@code perSubscription} each. */
    List<ClaimedDelivery> claim(Instant now, int perSubscription, int limit, Instant leaseUntil) {
        return inTransaction(() -> lease(lockReady(now), now, perSubscription, limit, leaseUntil, false));
    }

    /** As {@link #claim}, from the head of each subscription's deliveries and taking over leases that ran out. */
    List<ClaimedDelivery> sweep(Instant now, int perSubscription, int limit, Instant leaseUntil) {
        return inTransaction(() -> {
            List<Ready> ready = recountInFlight(lockReady(now), now);
            cursors.clear();
            return lease(ready, now, perSubscription, limit, leaseUntil, true);
        });
    }

    private List<ClaimedDelivery> inTransaction(java.util.function.Supplier<List<ClaimedDelivery>> work) {
        List<ClaimedDelivery> claimed = transaction.execute(status -> work.get());
        return claimed == null ? List.of() : claimed;
    }

    private List<Ready> lockReady(Instant now) {
        return jdbc.query("""
                        select id, in_flight, consecutive_failures from webhook_subscription
                        where status = 'active' and (paused_until is null or paused_until <= ?)
                        order by id
                        for no key update skip locked""",
                (row, index) -> new Ready(row.getString("id"), row.getInt("in_flight"),
                        row.getInt("consecutive_failures") > 0), timestamp(now));
    }

    /** Leases that ran out are no longer under way: each subscription's count is what is leased now. */
    private List<Ready> recountInFlight(List<Ready> ready, Instant now) {
        if (ready.isEmpty()) {
            return ready;
        }
        Map<String, Integer> leased = new HashMap<>();
        jdbc.query(connection -> {
            var statement = connection.prepareStatement("""
                    update webhook_subscription s set in_flight = (
                        select count(*) from webhook_delivery d
                        where d.subscription_id = s.id and d.status = 'pending'
                          and d.lease_until is not null and d.lease_until > ?)
                    where s.id = any (?)
                    returning s.id, s.in_flight""");
            statement.setObject(1, timestamp(now));
            statement.setArray(2, connection.createArrayOf("varchar", ids(ready)));
            return statement;
        }, row -> {
            leased.put(row.getString("id"), row.getInt("in_flight"));
        });
        return ready.stream().map(r -> new Ready(r.id(), leased.getOrDefault(r.id(), 0), r.inTrouble())).toList();
    }

    private List<ClaimedDelivery> lease(List<Ready> ready, Instant now, int perSubscription, int limit,
                                        Instant leaseUntil, boolean sweeping) {
        List<Ready> withRoom = ready.stream().filter(r -> r.room(perSubscription) > 0).toList();
        if (withRoom.isEmpty() || limit <= 0) {
            return List.of();
        }
        String[] ids = ids(withRoom);
        Integer[] rooms = withRoom.stream().map(r -> r.room(perSubscription)).toArray(Integer[]::new);
        Timestamp[] afterAt = withRoom.stream().map(r -> sweeping ? HEAD : cursor(r.id()).at()).toArray(Timestamp[]::new);
        String[] afterId = withRoom.stream().map(r -> sweeping ? "" : cursor(r.id()).id()).toArray(String[]::new);
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
                              and (d.lease_until is null or (? and d.lease_until <= ?))
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
                    where d.id = in_turns.id and s.id = d.subscription_id and d.status = 'pending'
                      and (d.lease_until is null or (? and d.lease_until <= ?))
                    returning d.id, d.event_id, d.event_type, d.subscription_id, d.payload, d.attempts,
                        d.retry_from, d.next_attempt_at, s.url, s.secret, s.previous_secret, s.previous_secret_until""");
            statement.setArray(1, connection.createArrayOf("varchar", ids));
            statement.setArray(2, connection.createArrayOf("int4", rooms));
            statement.setArray(3, connection.createArrayOf("timestamptz", afterAt));
            statement.setArray(4, connection.createArrayOf("varchar", afterId));
            statement.setObject(5, timestamp(now));
            statement.setBoolean(6, sweeping);
            statement.setObject(7, timestamp(now));
            statement.setInt(8, limit);
            statement.setObject(9, timestamp(leaseUntil));
            statement.setBoolean(10, sweeping);
            statement.setObject(11, timestamp(now));
            return statement;
        }, (row, index) -> claimed(row, now));
        countInFlight(claimed);
        return claimed;
    }

    /** Each subscription's new leases count as under way, and its cursor moves past the last one. */
    private void countInFlight(List<ClaimedDelivery> claimed) {
        Map<String, List<ClaimedDelivery>> bySubscription = claimed.stream()
                .collect(Collectors.groupingBy(delivery -> delivery.subscriptionId().value()));
        List<Object[]> counts = new ArrayList<>();
        bySubscription.forEach((subscription, deliveries) -> {
            counts.add(new Object[]{deliveries.size(), subscription});
            ClaimedDelivery last = deliveries.stream().max(Comparator.comparing(ClaimedDelivery::dueAt)
                    .thenComparing(ClaimedDelivery::id)).orElseThrow();
            cursors.merge(subscription, new Cursor(Timestamp.from(last.dueAt()), last.id()), Cursor::later);
        });
        jdbc.batchUpdate("update webhook_subscription set in_flight = in_flight + ? where id = ?", counts);
    }

    private Cursor cursor(String subscription) {
        return cursors.getOrDefault(subscription, new Cursor(HEAD, ""));
    }

    private static String[] ids(List<Ready> ready) {
        return ready.stream().map(Ready::id).toArray(String[]::new);
    }

    private static ClaimedDelivery claimed(ResultSet row, Instant now) throws SQLException {
        List<String> secrets = Subscriptions.signingSecrets(row.getString("secret"), row.getString("previous_secret"),
                instant(row.getTimestamp("previous_secret_until")), now);
        return new ClaimedDelivery(row.getString("id"), row.getString("event_id"), row.getString("event_type"),
                new SubscriptionId(row.getString("subscription_id")), URI.create(row.getString("url")),
                row.getString("payload"), row.getInt("attempts"), instant(row.getTimestamp("retry_from")),
                instant(row.getTimestamp("next_attempt_at")), secrets);
    }

    /** A subscription this claim may lease for: what it has under way, and whether its receiver is in trouble. */
    private record Ready(String id, int inFlight, boolean inTrouble) {

        int room(int perSubscription) {
            return (inTrouble ? 1 : perSubscription) - inFlight;
        }
    }

    /** Where a subscription's next claim starts: past the delivery due at {@code at} with id {@code id}. */
    private record Cursor(Timestamp at, String id) {

        Cursor later(Cursor other) {
            int byTime = at.compareTo(other.at);
            return byTime > 0 || (byTime == 0 && id.compareTo(other.id) >= 0) ? this : other;
        }
    }
}
