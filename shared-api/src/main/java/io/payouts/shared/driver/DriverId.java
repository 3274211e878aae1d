package io.payouts.shared.driver;

import java.util.Optional;

/** Identifier of a driver as the API shows it: {@code drv_} followed by 32 lowercase hex digits. */
public record DriverId(String value) {

    public static final String PREFIX = "drv_";
    private static final java.util.regex.Pattern SHAPE = java.util.regex.Pattern.compile("drv_[0-9a-f]{32}");

    public DriverId {
        if (value == null || !SHAPE.matcher(value).matches()) {
            throw new IllegalArgumentException("not a driver id: " + value);
        }
    }

    /** An id from outside (a path segment): absent when it cannot name any driver. */
    public static Optional<DriverId> parse(String candidate) {
        return candidate != null && SHAPE.matcher(candidate).matches()
                ? Optional.of(new DriverId(candidate))
                : Optional.empty();
    }

    /** Axon routes commands and names event streams by the identifier's string form. */
    @Override
    public String toString() {
        return value;
    }
}
