package io.payouts.shared.apikey;

import io.payouts.shared.ResultPage;

/** A page of keys; a concrete type because Axon matches query responses by class. */
public record ApiKeyPage(ResultPage<ApiKeySummary> page) {
}
