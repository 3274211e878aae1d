package io.payouts.webhook.delivery;

import io.payouts.webhook.subscription.SubscriptionId;
import org.springframework.jdbc.core.JdbcTemplate;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

import static io.payouts.webhook.delivery.Deliveries.instant;
import static io.payouts.webhook.delivery.Deliveries.timestamp;

/**
 * Which subscriptions a dispatcher sends for (ADR-0030): one dispatcher at a time per subscription, the holder of
 * its sender lease ({@code webhook_subscription.sender}, {@code sender_until}), so that each dispatcher keeps its
 * receivers' concurrency in memory and no row is updated per attempt. A dispatcher renews its leases while they run
 * and takes free ones a few at a time, so that several instances share the subscriptions; a dispatcher that dies
 * loses them when they run out, one that stops gives them back.
 */
class SenderLeases {

    static final Duration LENGTH = Duration.ofSeconds(15);
    private static final int TAKEN_AT_ONCE = 16;

    private final JdbcTemplate jdbc;
    private final String holder = "dispatcher-" + UUID.randomUUID();

    SenderLeases(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** Renews this dispatcher's leases that are half spent, takes free ones, and lists what it holds. */
    List<Held> renewAndTake(Instant now) {
        Instant until = now.plus(LENGTH);
        jdbc.update("""
                update webhook_subscription set sender_until = ?
                where sender = ? and status = 'active' and sender_until < ?""",
                timestamp(until), holder, timestamp(now.plus(LENGTH.dividedBy(2))));
        jdbc.update("""
                with free as (
                    select id from webhook_subscription
                    where status = 'active' and (sender is null or sender_until < ?)
                    order by id limit ? for update skip locked)
                update webhook_subscription s set sender = ?, sender_until = ? from free where s.id = free.id""",
                timestamp(now), TAKEN_AT_ONCE, holder, timestamp(until));
        return jdbc.query("""
                        select id, consecutive_failures, paused_until from webhook_subscription
                        where sender = ? and status = 'active' and sender_until >= ?""",
                (row, index) -> new Held(new SubscriptionId(row.getString("id")), row.getInt("consecutive_failures"),
                        instant(row.getTimestamp("paused_until"))), holder, timestamp(now));
    }

    /** Gives every lease back, for another dispatcher to take at once. */
    void releaseAll() {
        jdbc.update("update webhook_subscription set sender = null, sender_until = null where sender = ?", holder);
    }

    /**
     * A subscription this dispatcher sends for, and its receiver's health: in trouble for {@code
     * consecutiveFailures} answers in a row, and paused until {@code pausedUntil}.
     */
    record Held(SubscriptionId subscription, int consecutiveFailures, Instant pausedUntil) {

        /** How many attempts may be under way: one while the receiver is in trouble, none while it is paused. */
        int concurrency(int perSubscription, Instant now) {
            if (pausedUntil != null && pausedUntil.isAfter(now)) {
                return 0;
            }
            return consecutiveFailures > 0 ? 1 : perSubscription;
        }
    }
}
