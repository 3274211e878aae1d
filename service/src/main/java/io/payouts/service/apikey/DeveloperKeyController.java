package io.payouts.service.apikey;

import io.payouts.service.apikey.KeyResponses.IssuedKey;
import io.payouts.service.apikey.KeyResponses.KeyDetails;
import io.payouts.service.apikey.KeyResponses.KeyDetailsResponse;
import io.payouts.service.apikey.KeyResponses.KeyIssuedResponse;
import io.payouts.service.apikey.KeyResponses.KeyListResponse;
import io.payouts.service.apikey.KeyResponses.KeyRegeneratedResponse;
import io.payouts.service.apikey.KeyResponses.KeyRevokedResponse;
import io.payouts.service.apikey.KeyResponses.KeySummary;
import io.payouts.service.apikey.KeyResponses.ScopesResponse;
import io.payouts.service.http.ApiResponse;
import io.payouts.service.http.RequestContext;
import io.payouts.shared.apikey.Actor;
import io.payouts.shared.apikey.ApiKeyId;
import io.payouts.shared.apikey.ApiKeyList;
import io.payouts.shared.apikey.ApiKeySummary;
import jakarta.validation.Valid;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/** A signed-in user's own API keys (session-authenticated). */
@RestController
class DeveloperKeyController {

    private final KeyOperations keys;

    DeveloperKeyController(KeyOperations keys) {
        this.keys = keys;
    }

    @GetMapping("/api/v1/developer/keys")
    KeyListResponse list(RequestContext context) {
        ApiKeyList own = keys.createdBy(context.requireCaller().userId());
        return new KeyListResponse(true, own.keys().stream()
                .map(key -> KeySummary.of(key, context.receivedAt())).toList(), ApiResponse.Meta.of(context));
    }

    @PostMapping("/api/v1/developer/keys")
    KeyIssuedResponse create(@Valid @RequestBody CreateKeyRequest body, RequestContext context) {
        return new KeyIssuedResponse(true, IssuedKey.of(keys.create(body, context)), ApiResponse.Meta.of(context));
    }

    @GetMapping("/api/v1/developer/keys/{id}")
    KeyDetailsResponse get(@PathVariable String id, RequestContext context) {
        ApiKeySummary key = keys.find(KeyOperations.keyId(id), ownKeys(context));
        return new KeyDetailsResponse(true, KeyDetails.of(key, context.receivedAt()), ApiResponse.Meta.of(context));
    }

    @DeleteMapping("/api/v1/developer/keys/{id}")
    KeyRevokedResponse revoke(@PathVariable String id, RequestContext context) {
        return KeyRevokedResponse.of(keys.revoke(KeyOperations.keyId(id), ownKeys(context), context), context);
    }

    @PostMapping("/api/v1/developer/keys/{id}/regenerate")
    KeyRegeneratedResponse regenerate(@PathVariable String id, RequestContext context) {
        ApiKeyId oldKeyId = KeyOperations.keyId(id);
        KeyOperations.Issued regenerated = keys.regenerate(oldKeyId, ownKeys(context), context);
        return new KeyRegeneratedResponse(true, IssuedKey.of(regenerated), oldKeyId.value(),
                ApiResponse.Meta.of(context));
    }

    @GetMapping("/api/v1/developer/scopes")
    ScopesResponse scopes(RequestContext context) {
        return ScopesResponse.of(context);
    }

    /** Developer endpoints act on the caller's own keys only, whatever the caller's role. */
    private static Actor ownKeys(RequestContext context) {
        return context.requireCaller().actor(false);
    }
}
