package io.payouts.rail;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RailPropertiesTest {

    @Test
    void estimatesTheDefaultInstantSettlementAsAboutThirtySeconds() {
        assertThat(properties(Duration.ofSeconds(30)).instantEstimate()).isEqualTo("about 30 seconds");
    }

    @Test
    void spellsTheEstimateInTheLargestWholeUnit() {
        assertThat(properties(Duration.ofSeconds(1)).instantEstimate()).isEqualTo("about 1 second");
        assertThat(properties(Duration.ofMillis(1500)).instantEstimate()).isEqualTo("about 2 seconds");
        assertThat(properties(Duration.ofSeconds(90)).instantEstimate()).isEqualTo("about 90 seconds");
        assertThat(properties(Duration.ofMinutes(1)).instantEstimate()).isEqualTo("about 1 minute");
        assertThat(properties(Duration.ofMinutes(5)).instantEstimate()).isEqualTo("about 5 minutes");
        assertThat(properties(Duration.ofHours(2)).instantEstimate()).isEqualTo("about 2 hours");
        assertThat(properties(Duration.ZERO).instantEstimate()).isEqualTo("about 1 second");
    }

    @Test
    void refusesANegativeDelayOrAPollIntervalBelowOneMillisecond() {
        assertThatThrownBy(() -> new RailProperties(Duration.ofSeconds(-1), Duration.ofSeconds(30),
                Duration.ofMillis(250), new RailProperties.Simulated(true)))
                .hasMessageContaining("payouts.rail.standard-delay");
        assertThatThrownBy(() -> new RailProperties(Duration.ofSeconds(10), Duration.ofSeconds(-1),
                Duration.ofMillis(250), new RailProperties.Simulated(true)))
                .hasMessageContaining("payouts.rail.instant-delay");
        assertThatThrownBy(() -> new RailProperties(Duration.ofSeconds(10), Duration.ofSeconds(30), Duration.ZERO,
                new RailProperties.Simulated(true)))
                .hasMessageContaining("payouts.rail.poll-interval");
    }

    private static RailProperties properties(Duration instantDelay) {
        return new RailProperties(Duration.ofSeconds(10), instantDelay, Duration.ofMillis(250),
                new RailProperties.Simulated(true));
    }
}
