package io.payouts.shared.apikey;

import java.util.Optional;

/** The key whose hash matched, if any. */
public record ApiKeyMatch(ApiKeySummary key) {

    public Optional<ApiKeySummary> found() {
        return Optional.ofNullable(key);
    }
}
