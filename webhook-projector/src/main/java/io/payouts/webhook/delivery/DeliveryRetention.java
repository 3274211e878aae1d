package io.payouts.webhook.delivery;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.JdbcTemplate;

import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

/**
 * Forgets finished deliveries and inbound events, with their attempts, once they are older than the log retention
 * (ADR-0014), so the logs and the dispatcher's table do not grow without end. A pending delivery is never
 * forgotten. Forgetting an inbound event id is safe: a replay of it would carry a signature timestamp far older
 * than the 5 minutes the inbound endpoint accepts. The service's assembly runs it on a timer.
 */
public class DeliveryRetention {

    private static final int BATCH = 1_000;
    private static final Logger log = LoggerFactory.getLogger(DeliveryRetention.class);

    private final JdbcTemplate jdbc;
    private final Clock clock;
    private final Duration retention;

    public DeliveryRetention(JdbcTemplate jdbc, Clock clock, Duration retention) {
        this.jdbc = jdbc;
        this.clock = clock;
        this.retention = retention;
    }

    /** Deletes, a thousand at a time, what finished before the retention began; returns how many deliveries. */
    public int purge() {
        Timestamp cutoff = Timestamp.from(clock.instant().minus(retention));
        int total = 0;
        int purged;
        do {
            purged = jdbc.update("""
                    with old as (
                        select id from webhook_delivery
                        where status <> 'pending' and coalesce(processed_at, created_at) < ?
                        limit ?),
                    attempts as (delete from webhook_attempt where delivery_id in (select id from old))
                    delete from webhook_delivery where id in (select id from old)""", cutoff, BATCH);
            total += purged;
        } while (purged == BATCH);
        if (total > 0) {
            log.info("Forgot {} webhook deliveries and inbound events finished before {}", total,
                    Instant.ofEpochMilli(cutoff.getTime()));
        }
        return total;
    }
}
