package io.payouts.webhook.subscription;

import io.payouts.shared.Mode;

import java.time.Instant;
import java.util.Set;

/** An active subscription as the delivery creator matches events against it: its mode, event names and age. */
public record ActiveSubscription(SubscriptionId id, Mode mode, Set<String> eventNames, Instant createdAt) {

    public ActiveSubscription {
        eventNames = Set.copyOf(eventNames);
    }

    /** It asks for events of {@code type} in {@code mode}, and existed when the event happened. */
    public boolean wants(Mode eventMode, String type, Instant eventTime) {
        return mode == eventMode && eventNames.contains(type) && !createdAt.isAfter(eventTime);
    }
}
