package io.payouts.webhook.inbound;

import io.payouts.webhook.subscription.SigningSecrets;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The secret inbound webhooks must be signed with: {@code payouts.webhooks.inbound-secret}, or, when that is
 * empty, one the service generates on its first start, logs once for the operator, and keeps in
 * {@code webhook_setting} so restarts and other instances use the same one.
 */
public final class InboundSecret {

    static final String SETTING = "inbound-secret";
    private static final Logger log = LoggerFactory.getLogger(InboundSecret.class);

    private final String value;

    private InboundSecret(String value) {
        this.value = value;
    }

    public static InboundSecret resolve(String configured, JdbcTemplate jdbc) {
        if (configured != null && !configured.isBlank()) {
            return new InboundSecret(configured.trim());
        }
        String generated = SigningSecrets.generate();
        int inserted = jdbc.update("insert into webhook_setting (name, value) values (?, ?) on conflict do nothing",
                SETTING, generated);
        if (inserted == 1) {
            log.warn("payouts.webhooks.inbound-secret is not set; generated the inbound webhook secret {} (kept in "
                    + "the database; shown only this once). Sign inbound webhooks with it, or set "
                    + "PAYOUTS_WEBHOOKS_INBOUND_SECRET.", generated);
        }
        return new InboundSecret(jdbc.queryForObject("select value from webhook_setting where name = ?",
                String.class, SETTING));
    }

    public String value() {
        return value;
    }

    @Override
    public String toString() {
        return "InboundSecret[hidden]";
    }
}
