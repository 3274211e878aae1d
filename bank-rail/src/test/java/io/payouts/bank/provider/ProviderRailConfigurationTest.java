package io.payouts.bank.provider;

import io.payouts.platform.commands.Commands;
import io.payouts.rail.PayoutRail;
import io.payouts.shared.driver.PayeeAccounts;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.jdbc.core.JdbcTemplate;

import java.time.Clock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;

class ProviderRailConfigurationTest {

    private final ApplicationContextRunner context = new ApplicationContextRunner()
            .withUserConfiguration(ProviderRailConfiguration.class)
            .withBean(JdbcTemplate.class, () -> mock(JdbcTemplate.class))
            .withBean(Commands.class, () -> mock(Commands.class))
            .withBean(EventStore.class, () -> mock(EventStore.class))
            .withBean(PayeeAccounts.class, () -> mock(PayeeAccounts.class))
            .withBean(Clock.class, Clock::systemUTC);

    @Test
    void providesTheHttpRailItsRoundAndItsHealthWhenProductionPaysThroughAProvider() {
        context.withPropertyValues("payouts.rail.production=http",
                "payouts.rail.http.url=https://provider.example/v1/payouts",
                "payouts.rail.http.signing-secret=whsec_provider").run(started -> {
            assertThat(started).hasSingleBean(ProviderSubmission.class).hasBean("providerMetrics")
                    .hasBean("providerHealthIndicator");
            assertThat(started.getBean(PayoutRail.class).name()).isEqualTo("http");
        });
    }

    @Test
    void refusesToStartWithoutTheProvidersAddressNamingTheSetting() {
        context.withPropertyValues("payouts.rail.production=http", "payouts.rail.http.signing-secret=whsec_provider")
                .run(started -> assertThat(started).hasFailed().getFailure().rootCause()
                        .hasMessageContaining("PAYOUTS_RAIL_HTTP_URL"));
    }

    @Test
    void isAbsentWhenAnotherRailPaysProduction() {
        context.withPropertyValues("payouts.rail.production=iso20022").run(started -> assertThat(started)
                .doesNotHaveBean(ProviderSubmission.class).doesNotHaveBean(PayoutRail.class));
    }
}
