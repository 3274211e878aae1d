package io.payouts.platform.tables;

import java.util.Set;

/**
 * What the sandbox held when its reset began, as every module's tables named it ({@link ForgetsSandbox}).
 *
 * @param aggregates the ids of the sandbox's event-sourced aggregates, its wallet among them
 * @param apiKeys    the ids of the sandbox's API keys, which stay
 * @param eventsKept true where the events stay stored (Axon Server): the aggregates are discarded, not deleted
 */
public record SandboxWorld(Set<String> aggregates, Set<String> apiKeys, boolean eventsKept) {

    public SandboxWorld {
        aggregates = Set.copyOf(aggregates);
        apiKeys = Set.copyOf(apiKeys);
    }

    /** The aggregates' ids, as the array parameter of {@code = any (?)}. */
    public String[] aggregateIds() {
        return aggregates.toArray(String[]::new);
    }

    /** The API keys' ids, as the array parameter of {@code = any (?)}. */
    public String[] apiKeyIds() {
        return apiKeys.toArray(String[]::new);
    }
}
