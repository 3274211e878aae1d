package io.payouts.service.apikey;

import io.payouts.service.http.Gateways;
import io.payouts.service.http.RequestContext;
import io.payouts.shared.apikey.Actor;
import io.payouts.shared.apikey.ApiKeyId;
import io.payouts.shared.apikey.ApiKeyList;
import io.payouts.shared.apikey.ApiKeySummary;
import io.payouts.shared.apikey.FindApiKeysCreatedByQuery;
import jakarta.validation.Valid;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

import java.util.Map;

/** A signed-in user's own API keys (session-authenticated). */
@RestController
class DeveloperKeyController {

    private final KeyOperations keys;
    private final KeyResponses responses;
    private final Gateways gateways;

    DeveloperKeyController(KeyOperations keys, KeyResponses responses, Gateways gateways) {
        this.keys = keys;
        this.responses = responses;
        this.gateways = gateways;
    }

    @GetMapping("/api/v1/developer/keys")
    Map<String, Object> list(RequestContext context) {
        ApiKeyList own = gateways.query(new FindApiKeysCreatedByQuery(context.requireCaller().userId()), ApiKeyList.class);
        return responses.topLevel(Map.of("keys", own.keys().stream()
                .map(key -> responses.summary(key, context.receivedAt())).toList()), context, true);
    }

    @PostMapping("/api/v1/developer/keys")
    Map<String, Object> create(@Valid @RequestBody CreateKeyRequest body, RequestContext context) {
        KeyOperations.Issued created = keys.create(body, context);
        return responses.topLevel(responses.issued(created.key(), created.value()), context, true);
    }

    @GetMapping("/api/v1/developer/keys/{id}")
    Map<String, Object> get(@PathVariable String id, RequestContext context) {
        ApiKeySummary key = keys.find(KeyOperations.keyId(id), ownKeys(context));
        return responses.topLevel(responses.details(key, context.receivedAt(), false), context, true);
    }

    @DeleteMapping("/api/v1/developer/keys/{id}")
    Map<String, Object> revoke(@PathVariable String id, RequestContext context) {
        ApiKeySummary key = keys.revoke(KeyOperations.keyId(id), ownKeys(context), context);
        return responses.topLevel(revocation(key), context, true);
    }

    @PostMapping("/api/v1/developer/keys/{id}/regenerate")
    Map<String, Object> regenerate(@PathVariable String id, RequestContext context) {
        ApiKeyId oldKeyId = KeyOperations.keyId(id);
        KeyOperations.Issued regenerated = keys.regenerate(oldKeyId, ownKeys(context), context);
        Map<String, Object> fields = new java.util.LinkedHashMap<>(responses.issued(regenerated.key(), regenerated.value()));
        fields.put("old_key_id", oldKeyId.value());
        return responses.topLevel(fields, context, true);
    }

    @GetMapping("/api/v1/developer/scopes")
    Map<String, Object> scopes(RequestContext context) {
        return responses.topLevel(Map.of("scopes", responses.scopeCatalogue()), context, true);
    }

    static Map<String, Object> revocation(ApiKeySummary key) {
        Map<String, Object> fields = new java.util.LinkedHashMap<>();
        fields.put("message", "API key " + key.id().value() + " revoked");
        fields.put("id", key.id().value());
        fields.put("revoked_at", key.revokedAt());
        return fields;
    }

    /** Developer endpoints act on the caller's own keys only, whatever the caller's role. */
    private static Actor ownKeys(RequestContext context) {
        return context.requireCaller().actor(false);
    }
}
