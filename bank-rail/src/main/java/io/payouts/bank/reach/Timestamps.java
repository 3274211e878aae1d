package io.payouts.bank.reach;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

/** Instants as the rails' tables store them: {@code timestamptz} values bound in UTC. */
public final class Timestamps {

    private Timestamps() {
    }

    public static OffsetDateTime timestamp(Instant instant) {
        return OffsetDateTime.ofInstant(instant, ZoneOffset.UTC);
    }
}
