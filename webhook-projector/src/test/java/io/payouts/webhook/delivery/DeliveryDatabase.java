package io.payouts.webhook.delivery;

import com.zaxxer.hikari.HikariDataSource;
import io.payouts.testsupport.Migrations;
import io.payouts.testsupport.TestPostgres;
import io.payouts.shared.Mode;
import io.payouts.webhook.subscription.SubscriptionId;
import io.payouts.webhook.subscription.WebhookEventType;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.stream.IntStream;

/**
 * A database of its own, migrated with platform's and the webhook projector's migrations, with a connection pool, for
 * the dispatcher's SQL-level tests: subscriptions and backlogs of pending deliveries made directly, as the delivery
 * creator would.
 */
final class DeliveryDatabase {

    final JdbcTemplate jdbc;
    final DataSourceTransactionManager transactions;

    private DeliveryDatabase(HikariDataSource dataSource) {
        this.jdbc = new JdbcTemplate(dataSource);
        this.transactions = new DataSourceTransactionManager(dataSource);
    }

    static DeliveryDatabase migrated() {
        TestPostgres.TestDatabase database = TestPostgres.newDatabase();
        HikariDataSource dataSource = new HikariDataSource();
        dataSource.setJdbcUrl(database.url());
        dataSource.setUsername(database.username());
        dataSource.setPassword(database.password());
        dataSource.setMaximumPoolSize(16);
        Migrations.migrate(dataSource, "webhook-projector");
        return new DeliveryDatabase(dataSource);
    }

    void empty() {
        jdbc.execute("truncate table webhook_attempt, webhook_delivery, webhook_subscription");
    }

    SubscriptionId subscription(String url) {
        SubscriptionId id = new SubscriptionId(SubscriptionId.PREFIX + UUID.randomUUID().toString().replace("-", ""));
        jdbc.update("""
                insert into webhook_subscription (id, mode, url, events, secret, status, created_at)
                values (?, 'SANDBOX', ?, 'payout.created', ?, 'active', now() - interval '1 hour')""",
                id.value(), url, "whsec_" + "a".repeat(64));
        return id;
    }

    /** {@code count} pending deliveries to the subscription, due now; their event ids. */
    List<String> backlog(SubscriptionId subscription, int count) {
        List<String> eventIds = new ArrayList<>();
        List<Deliveries.NewDelivery> rows = IntStream.range(0, count).mapToObj(i -> {
            String eventId = "evt_" + UUID.randomUUID().toString().replace("-", "");
            eventIds.add(eventId);
            return new Deliveries.NewDelivery(eventId, new WebhookEvent(WebhookEventType.PAYOUT_CREATED, Mode.SANDBOX,
                    java.util.Map.of("n", i)), "{\"id\":\"" + eventId + "\"}", subscription);
        }).toList();
        new Deliveries(jdbc).create(rows, Instant.now().minusSeconds(1));
        return eventIds;
    }

    int pending() {
        Integer pending = jdbc.queryForObject("select count(*) from webhook_delivery where status = 'pending'",
                Integer.class);
        return pending == null ? 0 : pending;
    }
}
