package io.payouts.rail;

import io.payouts.platform.commands.Commands;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.PlatformTransactionManager;

import java.time.Clock;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;

class RailConfigurationTest {

    private final ApplicationContextRunner context = new ApplicationContextRunner()
            .withUserConfiguration(RailConfiguration.class)
            .withBean(JdbcTemplate.class, () -> mock(JdbcTemplate.class))
            .withBean(Commands.class, () -> mock(Commands.class))
            .withBean(EventStore.class, () -> mock(EventStore.class))
            .withBean(PlatformTransactionManager.class, () -> mock(PlatformTransactionManager.class))
            .withBean(Clock.class, Clock::systemUTC);

    @Test
    void runsTheSimulatedRailByDefaultWithTheDocumentedDelays() {
        context.run(started -> {
            assertThat(started).hasSingleBean(SimulatedRail.class).hasSingleBean(SimulatedRailRunner.class)
                    .hasSingleBean(RailHandOff.class);
            RailProperties properties = started.getBean(RailProperties.class);
            assertThat(properties.standardDelay()).isEqualTo(Duration.ofSeconds(10));
            assertThat(properties.instantDelay()).isEqualTo(Duration.ofSeconds(30));
            assertThat(properties.pollInterval()).isEqualTo(Duration.ofMillis(250));
            assertThat(properties.instantEstimate()).isEqualTo("about 30 seconds");
        });
    }

    @Test
    void handsNothingOverWhenTheSimulatedRailIsDisabledAndNoOtherRailExists() {
        context.withPropertyValues("payouts.rail.simulated.enabled=false").run(started -> assertThat(started)
                .doesNotHaveBean(PayoutRail.class).doesNotHaveBean(SimulatedRailRunner.class)
                .doesNotHaveBean(RailHandOff.class));
    }

    @Test
    void refusesToStartWhenProductionAsksForABankThatIsNotConfigured() {
        context.withPropertyValues("payouts.rail.production=iso20022").run(started -> assertThat(started)
                .hasFailed().getFailure().rootCause().hasMessageContaining("payouts.rail.production")
                .hasMessageContaining("no iso20022 rail is configured"));
    }

    @Test
    void paysProductionThroughTheSimulatedRailUnlessToldOtherwise() {
        context.run(started -> assertThat(started.getBean(RailProperties.class).production())
                .isEqualTo(ProductionRail.SIMULATED));
    }

    @Test
    void bindsTheDelaysFromProperties() {
        context.withPropertyValues("payouts.rail.standard-delay=2s", "payouts.rail.instant-delay=1m",
                "payouts.rail.poll-interval=100ms").run(started -> {
            RailProperties properties = started.getBean(RailProperties.class);
            assertThat(properties.standardDelay()).isEqualTo(Duration.ofSeconds(2));
            assertThat(properties.instantEstimate()).isEqualTo("about 1 minute");
            assertThat(properties.pollInterval()).isEqualTo(Duration.ofMillis(100));
        });
    }
}
