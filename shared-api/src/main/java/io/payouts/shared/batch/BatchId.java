package io.payouts.shared.batch;

import java.util.Optional;
import java.util.regex.Pattern;

/** Identifier of a batch as the API shows it: {@code batch_} followed by 32 lowercase hex digits. */
public record BatchId(String value) {

    public static final String PREFIX = "batch_";
    private static final Pattern SHAPE = Pattern.compile("batch_[0-9a-f]{32}");

    public BatchId {
        if (value == null || !SHAPE.matcher(value).matches()) {
            throw new IllegalArgumentException("not a batch id: " + value);
        }
    }

    /** An id from outside (a path segment): absent when it cannot name any batch. */
    public static Optional<BatchId> parse(String candidate) {
        return candidate != null && SHAPE.matcher(candidate).matches()
                ? Optional.of(new BatchId(candidate))
                : Optional.empty();
    }

    /** Axon routes commands and names event streams by the identifier's string form. */
    @Override
    public String toString() {
        return value;
    }
}
