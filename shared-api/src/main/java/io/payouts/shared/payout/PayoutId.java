package io.payouts.shared.payout;

import java.util.Optional;
import java.util.regex.Pattern;

/** Identifier of a payout as the API shows it: {@code pay_} followed by 32 lowercase hex digits. */
public record PayoutId(String value) {

    public static final String PREFIX = "pay_";
    private static final Pattern SHAPE = Pattern.compile("pay_[0-9a-f]{32}");

    public PayoutId {
        if (value == null || !SHAPE.matcher(value).matches()) {
            throw new IllegalArgumentException("not a payout id: " + value);
        }
    }

    public static Optional<PayoutId> parse(String candidate) {
        return candidate != null && SHAPE.matcher(candidate).matches()
                ? Optional.of(new PayoutId(candidate))
                : Optional.empty();
    }

    @Override
    public String toString() {
        return value;
    }
}
