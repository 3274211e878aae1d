package io.payouts.webhook.tables;

import io.payouts.platform.tables.ForgetsSandbox;
import io.payouts.platform.tables.SandboxWorld;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.util.List;

/**
 * The webhooks' tables in a sandbox reset (ADR-0015): the sandbox's subscriptions with their deliveries, attempts and
 * inbound events, attempts before their deliveries before their subscriptions (foreign keys).
 */
@Component
class WebhookTables implements ForgetsSandbox {

    private final JdbcTemplate jdbc;

    WebhookTables(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    @Override
    public int forget(SandboxWorld world) {
        return List.of(
                "delete from webhook_attempt where delivery_id in"
                        + " (select id from webhook_delivery where mode = 'SANDBOX')",
                "delete from webhook_delivery where mode = 'SANDBOX'",
                "delete from webhook_subscription where mode = 'SANDBOX'").stream().mapToInt(jdbc::update).sum();
    }
}
