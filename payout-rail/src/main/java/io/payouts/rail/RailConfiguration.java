package io.payouts.rail;

import io.payouts.platform.commands.Commands;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.context.annotation.Conditional;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.PlatformTransactionManager;

import java.time.Clock;
import java.util.List;

/**
 * The payout rail (ADR-0012). The hand-off exists only when some rail is selected: without one its processor does not
 * run, and its token waits where it stopped, so a rail enabled later receives the payouts accepted meanwhile. The
 * sandbox is paid by the simulated rail; production by the rail {@code payouts.rail.production} names, whose
 * {@link PayoutRail} bean another module declares (bank-rail's for {@code iso20022} and {@code http}).
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(RailProperties.class)
class RailConfiguration {

    @Bean
    RailJobs railJobs(JdbcTemplate jdbc) {
        return new RailJobs(jdbc);
    }

    @Bean
    RailPayments railPayments(JdbcTemplate jdbc) {
        return new RailPayments(jdbc);
    }

    @Bean
    @ConditionalOnProperty(name = "payouts.rail.simulated.enabled", havingValue = "true", matchIfMissing = true)
    SimulatedRail simulatedRail(RailJobs jobs, RailProperties properties, Clock clock) {
        return new SimulatedRail(new SimulatedRailPlan(properties.standardDelay(), properties.instantDelay()), jobs,
                clock);
    }

    @Bean
    @ConditionalOnBean(SimulatedRail.class)
    SimulatedRailRunner simulatedRailRunner(RailJobs jobs, Commands commands, EventStore eventStore,
                                            Clock clock, PlatformTransactionManager transactions) {
        return new SimulatedRailRunner(jobs, RailOutcomes.reportedBy(commands, SimulatedRailRunner.CALLER),
                eventStore, clock, transactions);
    }

    /** Every mode's payments go to that mode's rail (the rails are beans of this or another module). */
    @Bean
    @Conditional(AnyRailSelected.class)
    RailHandOff railHandOff(List<PayoutRail> rails, RailProperties properties, RailPayments payments) {
        return new RailHandOff(RailsByMode.select(rails, properties), payments);
    }
}
