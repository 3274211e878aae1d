package io.payouts.service.access;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The wait a number of failed sign-ins earns (ADR-0041). */
class SignInBackoffTest {

    private final SignInBackoff backoff = new SignInBackoff(new SignInThrottleProperties(Duration.ofMinutes(15), 5,
            Duration.ofSeconds(1), Duration.ofSeconds(10), 10, Duration.ofMinutes(15)));

    @Test
    void letsTheFirstFourFailuresTryAgainAtOnce() {
        assertThat(backoff.after(1)).isEmpty();
        assertThat(backoff.after(4)).isEmpty();
    }

    @Test
    void doublesTheDelayFromTheFifthFailureUpToItsMaximum() {
        assertThat(backoff.after(5)).contains(new SignInBackoff.Wait(Duration.ofSeconds(1), false));
        assertThat(backoff.after(6)).contains(new SignInBackoff.Wait(Duration.ofSeconds(2), false));
        assertThat(backoff.after(8)).contains(new SignInBackoff.Wait(Duration.ofSeconds(8), false));
        assertThat(backoff.after(9)).contains(new SignInBackoff.Wait(Duration.ofSeconds(10), false));
    }

    @Test
    void locksFromTheTenthFailure() {
        assertThat(backoff.after(10)).contains(new SignInBackoff.Wait(Duration.ofMinutes(15), true));
        assertThat(backoff.after(50)).contains(new SignInBackoff.Wait(Duration.ofMinutes(15), true));
    }

    @Test
    void refusesALockBeforeTheSlowDown() {
        assertThatThrownBy(() -> new SignInThrottleProperties(Duration.ofMinutes(15), 5, Duration.ofSeconds(1),
                Duration.ofSeconds(10), 4, Duration.ofMinutes(15))).isInstanceOf(IllegalArgumentException.class);
    }
}
