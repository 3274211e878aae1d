package io.payouts.webhook.subscription;

import java.util.Optional;
import java.util.regex.Pattern;

/** Identifier of a webhook subscription as the API shows it: {@code whk_} followed by 32 lowercase hex digits. */
public record SubscriptionId(String value) {

    public static final String PREFIX = "whk_";
    private static final Pattern SHAPE = Pattern.compile("whk_[0-9a-f]{32}");

    public SubscriptionId {
        if (value == null || !SHAPE.matcher(value).matches()) {
            throw new IllegalArgumentException("not a webhook subscription id: " + value);
        }
    }

    public static Optional<SubscriptionId> parse(String candidate) {
        return candidate != null && SHAPE.matcher(candidate).matches()
                ? Optional.of(new SubscriptionId(candidate))
                : Optional.empty();
    }

    @Override
    public String toString() {
        return value;
    }
}
