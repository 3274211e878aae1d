package io.payouts.service.security;

import io.payouts.query.apikey.ApiKeyUsage;
import io.payouts.service.apikey.KeyValues;
import io.payouts.service.identity.Secrets;
import io.payouts.service.web.Gateways;
import io.payouts.shared.apikey.ApiKeyMatch;
import io.payouts.shared.apikey.ApiKeySummary;
import io.payouts.shared.apikey.FindApiKeyByHashQuery;
import org.springframework.stereotype.Component;

import java.time.Clock;
import java.time.Instant;
import java.util.Optional;

/** Turns a presented key value into a caller, or says why it is refused. The value itself is only hashed. */
@Component
class ApiKeyAuthenticator {

    private final Gateways gateways;
    private final ApiKeyUsage usage;
    private final Clock clock;

    ApiKeyAuthenticator(Gateways gateways, ApiKeyUsage usage, Clock clock) {
        this.gateways = gateways;
        this.usage = usage;
        this.clock = clock;
    }

    Outcome authenticate(String presented) {
        Optional<ApiKeySummary> match = gateways.query(new FindApiKeyByHashQuery(Secrets.sha256Hex(presented)),
                ApiKeyMatch.class).found();
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
