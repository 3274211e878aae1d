package io.payouts.audit;

import io.payouts.shared.InvalidFieldException;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.regex.Pattern;

/**
 * Where a page of the events list stopped: the audit log position of its last (oldest) event. Positions only grow,
 * and new events take higher ones, so the next page continues exactly below it however many events arrive meanwhile
 * (ADR-0027). Opaque to clients.
 */
final class EventCursor {

    private static final String PREFIX = "before:";
    private static final Pattern DIGITS = Pattern.compile("[0-9]{1,18}");

    private EventCursor() {
    }

    static String after(long position) {
        return Base64.getUrlEncoder().withoutPadding()
                .encodeToString((PREFIX + position).getBytes(StandardCharsets.UTF_8));
    }

    /** The position below which the next page starts; null for the first page. */
    static Long parse(String cursor) {
        if (cursor == null) {
            return null;
        }
        String decoded;
        try {
            decoded = new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw invalid();
        }
        if (!decoded.startsWith(PREFIX) || !DIGITS.matcher(decoded.substring(PREFIX.length())).matches()) {
            throw invalid();
        }
        return Long.parseLong(decoded.substring(PREFIX.length()));
    }

    private static InvalidFieldException invalid() {
        return new InvalidFieldException("cursor", "is not a cursor this list returned as nextCursor");
    }
}
