package io.payouts.service.apikey;

import io.payouts.platform.ids.IdGenerator;
import io.payouts.query.apikey.ApiKeyLookup;
import io.payouts.service.access.KeyValues;
import io.payouts.service.http.ApiEnums;
import io.payouts.service.http.Gateways;
import io.payouts.service.http.RequestContext;
import io.payouts.shared.DomainException;
import io.payouts.shared.ErrorCode;
import io.payouts.shared.Mode;
import io.payouts.shared.apikey.Actor;
import io.payouts.shared.apikey.ApiKeyId;
import io.payouts.shared.apikey.ApiKeyList;
import io.payouts.shared.apikey.ApiKeyNotFoundException;
import io.payouts.shared.apikey.ApiKeyPage;
import io.payouts.shared.apikey.ApiKeySummary;
import io.payouts.shared.apikey.ApproveApiKeyCommand;
import io.payouts.shared.apikey.CreateApiKeyCommand;
import io.payouts.shared.apikey.FindApiKeyQuery;
import io.payouts.shared.apikey.FindApiKeysCreatedByQuery;
import io.payouts.shared.apikey.FindApiKeysQuery;
import io.payouts.shared.apikey.FindPendingApiKeysQuery;
import io.payouts.shared.apikey.KeyExpiry;
import io.payouts.shared.apikey.RegenerateApiKeyCommand;
import io.payouts.shared.apikey.RejectApiKeyCommand;
import io.payouts.shared.apikey.RevokeApiKeyCommand;
import org.springframework.stereotype.Component;

/**
 * What the developer and admin key endpoints do: each change is a command, answered from the read model once it
 * shows the change (ADR-0018), so a key is usable the moment its value is returned.
 */
@Component
class KeyOperations {

    private final Gateways gateways;
    private final IdGenerator ids;
    private final ApiKeyLookup lookup;

    KeyOperations(Gateways gateways, IdGenerator ids, ApiKeyLookup lookup) {
        this.gateways = gateways;
        this.ids = ids;
        this.lookup = lookup;
    }

    Issued create(CreateKeyRequest request, RequestContext context) {
        Mode mode = ApiEnums.parse(Mode.class, "mode", request.mode());
        ApiKeyId keyId = ids.newApiKeyId();
        KeyValues.IssuedKey issued = mode == Mode.SANDBOX ? KeyValues.issue(mode) : null;
        CreateApiKeyCommand command = new CreateApiKeyCommand(keyId, request.name(), mode,
                Scopes.parse(request.scopes()), KeyExpiry.after(context.receivedAt(), request.expiresIn()),
                request.approvalReason(), context.requireCaller().userId(),
                issued == null ? null : issued.material(), context.receivedAt());
        long version = gateways.send(command, keyId.value(), context);
        return new Issued(read(keyId, version), issued == null ? null : issued.value());
    }

    /** A key the actor may see: a developer only their own, an administrator any. */
    ApiKeySummary find(ApiKeyId keyId, Actor actor) {
        ApiKeySummary key = read(keyId, -1);
        if (!actor.mayManageKeysOf(key.createdBy())) {
            throw new ApiKeyNotFoundException(keyId.value());
        }
        return key;
    }

    /** The keys a user created, whatever their role. */
    ApiKeyList createdBy(String userId) {
        return gateways.query(new FindApiKeysCreatedByQuery(userId), ApiKeyList.class);
    }

    ApiKeyPage list(FindApiKeysQuery query) {
        return gateways.query(query, ApiKeyPage.class);
    }

    /** Production keys waiting for an owner's or admin's approval. */
    ApiKeyList pending() {
        return gateways.query(new FindPendingApiKeysQuery(), ApiKeyList.class);
    }

    ApiKeySummary revoke(ApiKeyId keyId, Actor actor, RequestContext context) {
        long version = send(new RevokeApiKeyCommand(keyId, actor, context.receivedAt()), keyId, context);
        return readChanged(keyId, version);
    }

    Issued regenerate(ApiKeyId keyId, Actor actor, RequestContext context) {
        Mode mode = find(keyId, actor).mode();
        ApiKeyId newKeyId = ids.newApiKeyId();
        KeyValues.IssuedKey issued = mode == Mode.SANDBOX ? KeyValues.issue(mode) : null;
        send(new RegenerateApiKeyCommand(keyId, newKeyId, actor, issued == null ? null : issued.material(),
                context.receivedAt()), keyId, context);
        long newVersion = gateways.lastVersion(newKeyId.value());
        readChanged(keyId, gateways.lastVersion(keyId.value()));
        return new Issued(read(newKeyId, newVersion), issued == null ? null : issued.value());
    }

    Issued approve(ApiKeyId keyId, Actor actor, RequestContext context) {
        KeyValues.IssuedKey issued = KeyValues.issue(Mode.PRODUCTION);
        long version = send(new ApproveApiKeyCommand(keyId, actor, issued.material(), context.receivedAt()), keyId,
                context);
        return new Issued(read(keyId, version), issued.value());
    }

    ApiKeySummary reject(ApiKeyId keyId, Actor actor, String reason, RequestContext context) {
        long version = send(new RejectApiKeyCommand(keyId, actor, reason, context.receivedAt()), keyId, context);
        return readChanged(keyId, version);
    }

    /** Sends a command to an existing key; a key that does not exist is KEY_NOT_FOUND, as the spec names it. */
    private long send(Object command, ApiKeyId keyId, RequestContext context) {
        try {
            return gateways.send(command, keyId.value(), context);
        } catch (DomainException refused) {
            throw refused.code() == ErrorCode.NOT_FOUND ? new ApiKeyNotFoundException(keyId.value()) : refused;
        }
    }

    static ApiKeyId keyId(String raw) {
        return ApiKeyId.parse(raw).orElseThrow(() -> new ApiKeyNotFoundException(raw));
    }

    /**
     * The key once the read model shows the change; this instance has then forgotten the key's old state, even if
     * the projection ran on another instance and its notification is still on its way (ADR-0030).
     */
    private ApiKeySummary readChanged(ApiKeyId keyId, long minVersion) {
        ApiKeySummary changed = read(keyId, minVersion);
        lookup.forgetAll();
        return changed;
    }

    private ApiKeySummary read(ApiKeyId keyId, long minVersion) {
        return gateways.query(new FindApiKeyQuery(keyId, minVersion), ApiKeySummary.class);
    }

    /** A key as stored, and its value when this operation issued one (shown once). */
    record Issued(ApiKeySummary key, String value) {

        @Override
        public String toString() {
            return "Issued[" + key.id() + "]";
        }
    }
}
