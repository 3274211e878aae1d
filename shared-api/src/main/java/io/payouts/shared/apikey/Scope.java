package io.payouts.shared.apikey;

import java.util.Arrays;
import java.util.Optional;

/** What an API key may do; the API names are the spec's exact scope names. */
public enum Scope {
    DRIVERS_READ("drivers:read", "View driver list and details"),
    DRIVERS_WRITE("drivers:write", "Create and update drivers"),
    PAYOUTS_READ("payouts:read", "View payouts"),
    PAYOUTS_WRITE("payouts:write", "Create and cancel payouts"),
    BATCHES_READ("batches:read", "View batches"),
    BATCHES_WRITE("batches:write", "Create and release batches"),
    BALANCE_READ("balance:read", "View wallet balance"),
    WEBHOOKS_MANAGE("webhooks:manage", "Configure webhooks");

    private final String apiName;
    private final String description;

    Scope(String apiName, String description) {
        this.apiName = apiName;
        this.description = description;
    }

    public String apiName() {
        return apiName;
    }

    public String description() {
        return description;
    }

    public static Optional<Scope> fromApiName(String name) {
        return Arrays.stream(values()).filter(scope -> scope.apiName.equals(name)).findFirst();
    }
}
