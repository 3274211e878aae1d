package io.payouts.bank.rail;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;

class CutOffsTest {

    @Test
    void cutsOffOnTheIntervalsCountedFromMidnight() {
        CutOffs everyMinute = new CutOffs(Duration.ofMinutes(1));

        assertThat(everyMinute.latest(Instant.parse("2026-11-21T12:00:59.999Z")))
                .isEqualTo(Instant.parse("2026-11-21T12:00:00Z"));
        assertThat(everyMinute.latest(Instant.parse("2026-11-21T12:01:00Z")))
                .isEqualTo(Instant.parse("2026-11-21T12:01:00Z"));
        assertThat(new CutOffs(Duration.ofHours(4)).latest(Instant.parse("2026-11-21T15:30:00Z")))
                .isEqualTo(Instant.parse("2026-11-21T12:00:00Z"));
    }

    @Test
    void tellsHowLongUntilTheNextCutOff() {
        CutOffs everyMinute = new CutOffs(Duration.ofMinutes(1));

        assertThat(everyMinute.untilNext(Instant.parse("2026-11-21T12:00:59.750Z"))).isEqualTo(Duration.ofMillis(250));
        assertThat(everyMinute.untilNext(Instant.parse("2026-11-21T12:01:00Z"))).isEqualTo(Duration.ofMinutes(1));
    }
}
