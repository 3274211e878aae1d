package io.payouts.shared.wallet;

import java.util.Optional;
import java.util.regex.Pattern;

/** A funding transaction's id: {@code txn_} followed by 32 lowercase hex digits. */
public record TransactionId(String value) {

    public static final String PREFIX = "txn_";
    private static final Pattern SHAPE = Pattern.compile("txn_[0-9a-f]{32}");

    public TransactionId {
        if (value == null || !SHAPE.matcher(value).matches()) {
            throw new IllegalArgumentException("not a transaction id: " + value);
        }
    }

    public static Optional<TransactionId> parse(String candidate) {
        return candidate != null && SHAPE.matcher(candidate).matches()
                ? Optional.of(new TransactionId(candidate))
                : Optional.empty();
    }

    @Override
    public String toString() {
        return value;
    }
}
