package io.payouts.webhook;

import io.payouts.webhook.delivery.BacklogGauges;
import io.payouts.webhook.delivery.Deliveries;
import io.payouts.webhook.delivery.DeliveryBacklog;
import io.payouts.webhook.delivery.DispatchLimits;
import io.payouts.webhook.delivery.DeliveryCreator;
import io.payouts.webhook.delivery.DeliveryRetention;
import io.payouts.webhook.delivery.RetrySchedule;
import io.payouts.webhook.delivery.DeliveryMetrics;
import io.payouts.webhook.delivery.WebhookDispatcher;
import io.payouts.webhook.delivery.WebhookLogs;
import io.payouts.webhook.inbound.InboundEvents;
import io.payouts.webhook.inbound.InboundSecret;
import io.payouts.webhook.subscription.Subscriptions;
import io.payouts.webhook.subscription.WebhookTargets;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.PlatformTransactionManager;

import java.time.Clock;
import java.util.concurrent.ThreadLocalRandom;

/** Wires the webhook projector (ADR-0014). */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(WebhookProperties.class)
class WebhookConfiguration {

    @Bean
    Subscriptions webhookSubscriptions(JdbcTemplate jdbc) {
        return new Subscriptions(jdbc);
    }

    @Bean
    Deliveries webhookDeliveries(JdbcTemplate jdbc) {
        return new Deliveries(jdbc);
    }

    @Bean
    WebhookLogs webhookLogs(JdbcTemplate jdbc) {
        return new WebhookLogs(jdbc);
    }

    @Bean
    InboundEvents inboundEvents(JdbcTemplate jdbc) {
        return new InboundEvents(jdbc);
    }

    @Bean
    InboundSecret inboundSecret(WebhookProperties properties, JdbcTemplate jdbc) {
        return InboundSecret.resolve(properties.inboundSecret(), jdbc);
    }

    @Bean
    WebhookTargets webhookTargets(WebhookProperties properties) {
        return new WebhookTargets(properties.allowInsecureTargets());
    }

    @Bean
    DeliveryCreator deliveryCreator(Subscriptions subscriptions, Deliveries deliveries, Clock clock,
                                    WebhookDispatcher dispatcher) {
        return new DeliveryCreator(subscriptions, deliveries, clock, dispatcher::wake);
    }

    @Bean
    DeliveryRetention deliveryRetention(JdbcTemplate jdbc, Clock clock, WebhookProperties properties) {
        return new DeliveryRetention(jdbc, clock, properties.logRetention());
    }

    @Bean
    DeliveryBacklog deliveryBacklog(JdbcTemplate jdbc) {
        return new DeliveryBacklog(jdbc);
    }

    @Bean
    BacklogGauges webhookBacklogGauges(DeliveryBacklog backlog, Clock clock, ObjectProvider<MeterRegistry> meters) {
        return new BacklogGauges(backlog, clock, meters.getIfAvailable(SimpleMeterRegistry::new));
    }

    @Bean
    WebhookDispatcher webhookDispatcher(JdbcTemplate jdbc, Subscriptions subscriptions, WebhookTargets targets,
                                        Clock clock, WebhookProperties properties,
                                        PlatformTransactionManager transactions, ObjectProvider<MeterRegistry> meters) {
        return WebhookDispatcher.create(jdbc, subscriptions, targets, clock, transactions,
                new RetrySchedule(properties.retryInitialDelay(), properties.retryWindow(),
                        () -> ThreadLocalRandom.current().nextDouble()),
                new DispatchLimits(properties.concurrencyPerSubscription(), properties.maxConcurrentDeliveries(),
                        properties.pollInterval()),
                new DeliveryMetrics(meters.getIfAvailable(SimpleMeterRegistry::new)));
    }
}
