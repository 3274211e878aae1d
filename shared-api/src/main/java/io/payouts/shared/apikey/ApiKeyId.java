package io.payouts.shared.apikey;

import java.util.Optional;
import java.util.regex.Pattern;

/** Identifier of an API key as the API shows it: {@code key_} followed by 32 lowercase hex digits. */
public record ApiKeyId(String value) {

    public static final String PREFIX = "key_";
    private static final Pattern SHAPE = Pattern.compile("key_[0-9a-f]{32}");

    public ApiKeyId {
        if (value == null || !SHAPE.matcher(value).matches()) {
            throw new IllegalArgumentException("not an API key id: " + value);
        }
    }

    /** An id from outside (a path segment): absent when it cannot name any key. */
    public static Optional<ApiKeyId> parse(String candidate) {
        return candidate != null && SHAPE.matcher(candidate).matches()
                ? Optional.of(new ApiKeyId(candidate))
                : Optional.empty();
    }

    @Override
    public String toString() {
        return value;
    }
}
