package io.payouts.service.http;

import io.payouts.shared.InvalidFieldException;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** The API spells enum values in lowercase; these convert both ways and name the field on a bad value. */
public final class ApiEnums {

    private ApiEnums() {
    }

    public static String name(Enum<?> value) {
        return value == null ? null : value.name().toLowerCase(Locale.ROOT);
    }

    public static <E extends Enum<E>> E parse(Class<E> type, String field, String value) {
        return Arrays.stream(type.getEnumConstants())
                .filter(constant -> name(constant).equals(value))
                .findFirst()
                .orElseThrow(() -> new InvalidFieldException(field, "must be one of " + allowed(type)));
    }

    /** The values of an enum type as the API spells them, comma-separated. */
    public static String allowed(Class<?> enumType) {
        return Arrays.stream(enumType.getEnumConstants()).map(constant -> name((Enum<?>) constant))
                .collect(Collectors.joining(", "));
    }
}
