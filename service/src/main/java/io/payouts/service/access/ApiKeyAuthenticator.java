package io.payouts.service.access;

import io.payouts.query.apikey.ApiKeyLookup;
import io.payouts.query.apikey.ApiKeyUsage;
import io.payouts.service.http.Caller;
import io.payouts.shared.apikey.ApiKeySummary;
import org.springframework.stereotype.Component;

import java.time.Clock;
import java.time.Instant;
import java.util.Optional;

/** Turns a presented key value into a caller, or says why it is refused. The value itself is only hashed. */
@Component
class ApiKeyAuthenticator {

    private final ApiKeyLookup keys;
    private final ApiKeyUsage usage;
    private final Clock clock;

    ApiKeyAuthenticator(ApiKeyLookup keys, ApiKeyUsage usage, Clock clock) {
        this.keys = keys;
        this.usage = usage;
        this.clock = clock;
    }

    Outcome authenticate(String presented) {
        Optional<ApiKeySummary> match = keys.byHash(Secrets.sha256Hex(presented));
        if (match.isEmpty() || !presented.startsWith(KeyValues.prefixOf(match.get().mode()))) {
            return Outcome.refused("invalid API key");
        }
        ApiKeySummary key = match.get();
        Instant now = clock.instant();
        Optional<String> unusable = key.unusableReason(now);
        if (unusable.isPresent()) {
            return Outcome.refused("this API key is " + unusable.get());
        }
        usage.recordUse(key.id().value(), now);
        return new Outcome(Caller.apiKey(key.id().value(), key.createdBy(), key.mode(), key.scopes()), null);
    }

    record Outcome(Caller caller, String refusal) {

        static Outcome refused(String why) {
            return new Outcome(null, why);
        }
    }
}
