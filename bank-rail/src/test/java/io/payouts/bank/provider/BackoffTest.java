package io.payouts.bank.provider;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class BackoffTest {

    private final Backoff backoff = new Backoff(Duration.ofSeconds(1), Duration.ofSeconds(30));

    @Test
    void waitsTheInitialDelayAfterTheFirstFailureAndDoublesAfterEachFurtherOne() {
        assertThat(backoff.after(1)).isEqualTo(Duration.ofSeconds(1));
        assertThat(backoff.after(2)).isEqualTo(Duration.ofSeconds(2));
        assertThat(backoff.after(3)).isEqualTo(Duration.ofSeconds(4));
        assertThat(backoff.after(5)).isEqualTo(Duration.ofSeconds(16));
    }

    @Test
    void neverWaitsLongerThanTheMaximumHoweverOftenItFailed() {
        assertThat(backoff.after(6)).isEqualTo(Duration.ofSeconds(30));
        assertThat(backoff.after(1_000)).isEqualTo(Duration.ofSeconds(30));
    }

    @Test
    void refusesAMaximumBelowTheInitialDelay() {
        assertThatThrownBy(() -> new Backoff(Duration.ofSeconds(2), Duration.ofSeconds(1)))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
