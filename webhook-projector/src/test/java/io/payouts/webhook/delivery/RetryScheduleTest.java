package io.payouts.webhook.delivery;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;

class RetryScheduleTest {

    private static final Instant START = Instant.parse("2026-01-01T00:00:00Z");
    private final RetrySchedule noJitter = new RetrySchedule(Duration.ofMinutes(1), Duration.ofDays(3), () -> 0.5);

    @Test
    void doublesTheInitialDelayAfterEachFailure() {
        assertThat(noJitter.delay(1)).isEqualTo(Duration.ofMinutes(1));
        assertThat(noJitter.delay(2)).isEqualTo(Duration.ofMinutes(2));
        assertThat(noJitter.delay(5)).isEqualTo(Duration.ofMinutes(16));
        assertThat(noJitter.delay(100)).isEqualTo(Duration.ofDays(3));
    }

    @Test
    void jittersByAQuarterEitherWay() {
        RetrySchedule low = new RetrySchedule(Duration.ofMinutes(4), Duration.ofDays(3), () -> 0.0);
        RetrySchedule high = new RetrySchedule(Duration.ofMinutes(4), Duration.ofDays(3), () -> 1.0);

        assertThat(low.next(1, START, START)).contains(START.plus(Duration.ofMinutes(3)));
        assertThat(high.next(1, START, START)).contains(START.plus(Duration.ofMinutes(5)));
    }

    @Test
    void triesOnceMoreAtTheEndOfTheWindowThenGivesUp() {
        Instant late = START.plus(Duration.ofDays(3)).minus(Duration.ofMinutes(10));
        assertThat(noJitter.next(12, START, late)).contains(START.plus(Duration.ofDays(3)));
        assertThat(noJitter.next(13, START, START.plus(Duration.ofDays(3)))).isEmpty();
    }

    @Test
    void theDefaultScheduleSpansAboutThreeDaysInAboutTwelveAttempts() {
        Instant now = START;
        int attempts = 1;
        while (true) {
            var next = noJitter.next(attempts, START, now);
            if (next.isEmpty()) {
                break;
            }
            now = next.get();
            attempts++;
        }
        assertThat(now).isEqualTo(START.plus(Duration.ofDays(3)));
        assertThat(attempts).isBetween(12, 14);
    }
}
