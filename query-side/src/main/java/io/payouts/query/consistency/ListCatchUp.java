package io.payouts.query.consistency;

import io.payouts.platform.stream.EventStreamPositions;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

import java.time.Duration;
import java.util.concurrent.locks.LockSupport;

/**
 * Lets a list show every write acknowledged before it was asked for (ADR-0018): before reading, it waits until the
 * processors that build the list have passed the newest event stored when the request arrived. The wait is bounded;
 * past the bound, and while a processor is stopped or rebuilding, the list answers as it is and lags by the
 * projection lag. A write whose transaction commits after a later one's (a gap the processor will fill) can still be
 * missed, as the README states.
 */
@Component
public class ListCatchUp {

    private final EventStreamPositions positions;
    private final Duration timeout;

    ListCatchUp(EventStreamPositions positions, @Value("${payouts.lists.catch-up-timeout:2s}") Duration timeout) {
        this.positions = positions;
        this.timeout = timeout;
    }

    /** Waits until each of these processing groups has applied every event stored before this call. */
    public void await(String... processingGroups) {
        long head = positions.head();
        if (head < 0) {
            return;
        }
        long deadline = System.nanoTime() + timeout.toNanos();
        long poll = positions.passedPollInterval().toNanos();
        for (String group : processingGroups) {
            while (!positions.passed(group, head) && System.nanoTime() - deadline < 0) {
                LockSupport.parkNanos(poll);
            }
        }
    }
}
