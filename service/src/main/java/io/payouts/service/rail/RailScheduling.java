package io.payouts.service.rail;

import io.payouts.rail.RailProperties;
import io.payouts.rail.SimulatedRailRunner;
import io.payouts.service.polling.Poller;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Runs the simulated rail's due steps every poll interval (ADR-0012), when the rail module provides a runner (the
 * simulated rail is enabled); the rail module itself schedules nothing.
 */
@Configuration(proxyBeanMethods = false)
class RailScheduling {

    @Bean
    Poller simulatedRailPolling(ObjectProvider<SimulatedRailRunner> runner, RailProperties properties) {
        return Poller.every(properties.pollInterval(), "simulated-rail",
                () -> runner.ifAvailable(SimulatedRailRunner::runDueSteps));
    }
}
