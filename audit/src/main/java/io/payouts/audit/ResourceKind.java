package io.payouts.audit;

import io.payouts.shared.apikey.Scope;

import java.util.Locale;
import java.util.Optional;

/**
 * What an event is about, as its history and the events API name it, and the scope an API key needs to read it: the
 * scope of the resource's own read endpoint (ADR-0027). API keys' own events are for owners and admins only.
 */
public enum ResourceKind {
    DRIVER(Scope.DRIVERS_READ),
    PAYOUT(Scope.PAYOUTS_READ),
    BATCH(Scope.BATCHES_READ),
    WALLET(Scope.BALANCE_READ),
    TOP_UP(Scope.BALANCE_READ),
    API_KEY(null);

    private final Scope readScope;

    ResourceKind(Scope readScope) {
        this.readScope = readScope;
    }

    /** Empty when no API key may read it. */
    Optional<Scope> readScope() {
        return Optional.ofNullable(readScope);
    }

    String apiName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
