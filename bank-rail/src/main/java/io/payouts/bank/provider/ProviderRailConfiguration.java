package io.payouts.bank.provider;

import io.payouts.bank.reach.CounterpartyHealth;
import io.payouts.bank.reach.CounterpartyMetrics;
import io.payouts.bank.reach.PayoutStreams;
import io.payouts.bank.reach.RailProblems;
import io.payouts.platform.commands.Commands;
import io.payouts.rail.RailOutcomes;
import io.payouts.shared.driver.PayeeAccounts;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;

import java.time.Clock;

/**
 * The payment provider's rail, when production pays through one ({@code payouts.rail.production=http}, ADR-0036). Its
 * settings are checked as the context starts, so a missing URL or signing secret stops the service with its name.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(name = "payouts.rail.production", havingValue = ProviderPayoutRail.NAME)
@EnableConfigurationProperties(ProviderRailProperties.class)
class ProviderRailConfiguration {

    private static final Logger log = LoggerFactory.getLogger(ProviderRailConfiguration.class);

    @Bean
    ProviderOutbox providerOutbox(JdbcTemplate jdbc) {
        return new ProviderOutbox(jdbc);
    }

    @Bean
    ProviderLink providerLink(JdbcTemplate jdbc, Clock clock) {
        return new ProviderLink(jdbc, clock);
    }

    @Bean
    ProviderPayoutRail providerPayoutRail(ProviderOutbox outbox, Clock clock) {
        return new ProviderPayoutRail(outbox, clock);
    }

    @Bean
    ProviderSubmission providerSubmission(ProviderRailProperties properties, ProviderOutbox outbox, ProviderLink link,
                                          PayeeAccounts payees, Commands commands, EventStore events,
                                          JdbcTemplate jdbc, Clock clock) {
        RailOutcomes outcomes = RailOutcomes.reportedBy(commands, ProviderPayoutRail.CALLER);
        PayoutStreams history = new PayoutStreams(events);
        Claimant claimant = Claimant.of(properties.timeout());
        log.info("Production payouts are paid through the payment provider at {}", properties.endpoint());
        return new ProviderSubmission(
                new AttemptPreparation(outbox, payees, outcomes, history, claimant, clock),
                new AttemptSending(outbox, new ProviderClient(properties.endpoint(), properties.signingSecret(),
                        properties.timeout(), clock), link,
                        new Backoff(properties.retryInitialDelay(), properties.retryMaxDelay()), claimant, clock),
                new AcceptedAttempts(outbox, outcomes, claimant, clock),
                new AttemptFailures(outbox, outcomes, history, new RailProblems(jdbc, clock), claimant, clock));
    }

    @Bean
    CounterpartyHealth providerHealthIndicator(ProviderLink link, ProviderOutbox outbox, Clock clock) {
        return health(link, outbox, clock);
    }

    /** The health component {@code provider}, its name taken from the bean's. */
    static CounterpartyHealth health(ProviderLink link, ProviderOutbox outbox, Clock clock) {
        return new CounterpartyHealth(link, outbox::waiting, "payoutsWaiting",
                "the provider rail's state could not be read", clock);
    }

    @Bean
    CounterpartyMetrics providerMetrics(ProviderLink link, ProviderOutbox outbox, Clock clock) {
        return metrics(link, outbox, clock);
    }

    static CounterpartyMetrics metrics(ProviderLink link, ProviderOutbox outbox, Clock clock) {
        return new CounterpartyMetrics(link, outbox::waiting, new CounterpartyMetrics.Gauges(
                "payouts.rail.provider.reachable", "1 while the payment provider answers, 0 while it does not",
                "payouts.rail.provider.waiting", "payout attempts the provider has not taken or refused yet",
                "payouts.rail.provider.oldest.waiting.seconds",
                "how long the oldest payout attempt has waited for the provider"), clock);
    }
}
