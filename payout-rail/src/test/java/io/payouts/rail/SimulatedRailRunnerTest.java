package io.payouts.rail;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

class SimulatedRailRunnerTest {

    @Test
    void backsOffFromOneSecondDoublingUpToAMinute() {
        assertThat(SimulatedRailRunner.backoff(1)).isEqualTo(Duration.ofSeconds(1));
        assertThat(SimulatedRailRunner.backoff(2)).isEqualTo(Duration.ofSeconds(2));
        assertThat(SimulatedRailRunner.backoff(6)).isEqualTo(Duration.ofSeconds(32));
        assertThat(SimulatedRailRunner.backoff(7)).isEqualTo(Duration.ofMinutes(1));
        assertThat(SimulatedRailRunner.backoff(1_000)).isEqualTo(Duration.ofMinutes(1));
    }
}
