package io.payouts.bank.rail;

import java.time.Duration;
import java.time.Instant;

/**
 * When standard payments go out: at every multiple of the cut-off interval since the epoch (midnight UTC for any
 * interval that divides a day), the payments handed over by then go into that cut-off's one file.
 */
record CutOffs(Duration interval) {

    /** The latest cut-off at or before {@code now}. */
    Instant latest(Instant now) {
        long length = interval.toMillis();
        return Instant.ofEpochMilli(Math.floorDiv(now.toEpochMilli(), length) * length);
    }

    /** How long from {@code now} until the next cut-off: the whole interval when {@code now} is one. */
    Duration untilNext(Instant now) {
        return Duration.between(now, latest(now).plus(interval));
    }
}
