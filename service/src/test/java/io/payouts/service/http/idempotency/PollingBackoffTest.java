package io.payouts.service.http.idempotency;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class PollingBackoffTest {

    @Test
    void startsAtTenMillisecondsAndDoublesUpToTwoHundred() {
        List<Long> pauses = new ArrayList<>();
        Duration pause = PollingBackoff.FIRST;
        for (int i = 0; i < 8; i++) {
            pauses.add(pause.toMillis());
            pause = PollingBackoff.after(pause);
        }

        assertThat(pauses).containsExactly(10L, 20L, 40L, 80L, 160L, 200L, 200L, 200L);
    }
}
