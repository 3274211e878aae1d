package io.payouts.webhook;

import io.payouts.webhook.delivery.Deliveries;
import io.payouts.webhook.delivery.DeliveryCreator;
import io.payouts.webhook.delivery.DeliveryRetention;
import io.payouts.webhook.delivery.RetrySchedule;
import io.payouts.webhook.delivery.DeliveryMetrics;
import io.payouts.webhook.delivery.WebhookDispatcher;
import io.payouts.webhook.delivery.WebhookLogs;
import io.payouts.webhook.delivery.WebhookSender;
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
    DeliveryCreator deliveryCreator(Subscriptions subscriptions, Deliveries deliveries, Clock clock) {
        return new DeliveryCreator(subscriptions, deliveries, clock);
    }

    @Bean
    DeliveryRetention deliveryRetention(JdbcTemplate jdbc, Clock clock, WebhookProperties properties) {
        return new DeliveryRetention(jdbc, clock, properties.logRetention());
    }

    @Bean
    WebhookDispatcher webhookDispatcher(Deliveries deliveries, Subscriptions subscriptions, WebhookTargets targets,
                                        Clock clock, WebhookProperties properties,
                                        PlatformTransactionManager transactions, ObjectProvider<MeterRegistry> meters) {
        RetrySchedule retries = new RetrySchedule(properties.retryInitialDelay(), properties.retryWindow(),
                () -> ThreadLocalRandom.current().nextDouble());
        return new WebhookDispatcher(deliveries, subscriptions, new WebhookSender(targets, clock), retries, clock,
                properties.pollInterval(), properties.maxConcurrentDeliveries(), transactions,
                new DeliveryMetrics(meters.getIfAvailable(SimpleMeterRegistry::new)));
    }
}
