package io.payouts.audit;

import io.payouts.shared.InvalidFieldException;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;

/** Instants given as query parameters: ISO 8601 with an offset ({@code 2026-01-01T12:00:00Z}); else a 400 naming it. */
final class QueryInstants {

    private QueryInstants() {
    }

    static Instant parse(String parameter, String value) {
        if (value == null) {
            return null;
        }
        try {
            return OffsetDateTime.parse(value).toInstant();
        } catch (DateTimeParseException e) {
            throw new InvalidFieldException(parameter, "must be an ISO 8601 instant with an offset, such as "
                    + "2026-01-01T12:00:00Z");
        }
    }
}
