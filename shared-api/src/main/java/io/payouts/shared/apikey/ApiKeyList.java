package io.payouts.shared.apikey;

import java.util.List;

/** Keys, newest first; a concrete type because Axon matches query responses by class. */
public record ApiKeyList(List<ApiKeySummary> keys) {

    public ApiKeyList {
        keys = List.copyOf(keys);
    }
}
