package io.payouts.service.http.ratelimit;

import io.payouts.platform.tables.ForgetsSandbox;
import io.payouts.platform.tables.SandboxWorld;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * A sandbox reset (ADR-0015) deletes the rate-limit buckets of the sandbox's keys (a bucket's id starts with its
 * caller, {@code key:<id>}), in the reset's transaction: the keys stay, their spent requests do not.
 */
@Component
class SandboxRateLimitBuckets implements ForgetsSandbox {

    private final JdbcTemplate jdbc;

    SandboxRateLimitBuckets(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    @Override
    public int forget(SandboxWorld world) {
        return jdbc.update("delete from rate_limit_buckets where split_part(id, '@', 1) in"
                + " (select 'key:' || id from unnest(?) as sandbox_key (id))", (Object) world.apiKeyIds());
    }
}
