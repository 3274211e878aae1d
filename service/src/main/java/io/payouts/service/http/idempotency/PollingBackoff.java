package io.payouts.service.http.idempotency;

import java.time.Duration;

/** How long a request waits between looks at a key whose first request is still running: 10 ms doubling to 200 ms. */
final class PollingBackoff {

    static final Duration FIRST = Duration.ofMillis(10);
    static final Duration LONGEST = Duration.ofMillis(200);

    private PollingBackoff() {
    }

    static Duration after(Duration previous) {
        Duration doubled = previous.multipliedBy(2);
        return doubled.compareTo(LONGEST) > 0 ? LONGEST : doubled;
    }
}
