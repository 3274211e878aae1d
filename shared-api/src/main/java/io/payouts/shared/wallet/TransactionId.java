package io.payouts.shared.wallet;

import java.util.Locale;
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

    /**
     * What a payer quotes on a bank transfer to name this top-up: its 32 hex digits, since a bank reference holds at
     * most 35 characters (ISO 20022's creditor reference) and the id with its prefix has 36.
     */
    public String wireReference() {
        return value.substring(PREFIX.length());
    }

    /** The transaction a bank reference names: its wire reference or its id, in any case; empty for anything else. */
    public static Optional<TransactionId> fromWireReference(String reference) {
        if (reference == null) {
            return Optional.empty();
        }
        String quoted = reference.strip().toLowerCase(Locale.ROOT);
        return parse(quoted.startsWith(PREFIX) ? quoted : PREFIX + quoted);
    }

    @Override
    public String toString() {
        return value;
    }
}
