package io.payouts.service.http;

import io.payouts.shared.InvalidFieldException;

import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.regex.Pattern;

/** Days given as query parameters: {@code YYYY-MM-DD}, a real calendar day; else a 400 naming the parameter. */
public final class QueryDates {

    public static final String PATTERN = "^[0-9]{4}-[0-9]{2}-[0-9]{2}$";
    private static final Pattern SHAPE = Pattern.compile(PATTERN);

    private QueryDates() {
    }

    /** Null for null. */
    public static LocalDate parse(String parameter, String value) {
        if (value == null) {
            return null;
        }
        // Four-digit years only: a date the database's timestamps can hold.
        if (SHAPE.matcher(value).matches()) {
            try {
                return LocalDate.parse(value, DateTimeFormatter.ISO_LOCAL_DATE);
            } catch (DateTimeParseException e) {
                // falls through to the refusal
            }
        }
        throw new InvalidFieldException(parameter, "must be a day as YYYY-MM-DD, such as 2026-01-31");
    }
}
