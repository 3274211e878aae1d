package io.payouts.service.security;

import io.payouts.service.identity.Role;
import io.payouts.service.ratelimit.RateLimited;
import io.payouts.shared.Mode;
import io.payouts.shared.apikey.Actor;
import io.payouts.shared.apikey.Scope;

import java.util.Set;

/**
 * Who is calling: an API key (acting in its mode with its scopes, on behalf of the user who created it) or a
 * signed-in user's session (role, no mode).
 *
 * @param credentialId the key id, or the session token's hash
 */
public record Caller(Credential credential, String credentialId, String userId, Role role, Mode mode,
                     Set<Scope> scopes) implements RateLimited {

    public enum Credential {
        API_KEY,
        SESSION
    }

    public Caller {
        scopes = Set.copyOf(scopes);
    }

    public static Caller apiKey(String keyId, String createdBy, Mode mode, Set<Scope> scopes) {
        return new Caller(Credential.API_KEY, keyId, createdBy, null, mode, scopes);
    }

    public static Caller session(String tokenHash, String userId, Role role) {
        return new Caller(Credential.SESSION, tokenHash, userId, role, null, Set.of());
    }

    /** What commands and events record as the caller: the key id, or the user id of a session. */
    public String auditId() {
        return credential == Credential.API_KEY ? credentialId : userId;
    }

    @Override
    public String bucketKey() {
        return (credential == Credential.API_KEY ? "key:" : "session:") + credentialId;
    }

    /** The user acting on keys; only owners and admins act as administrators, and only where asked to. */
    public Actor actor(boolean asAdministrator) {
        return new Actor(userId, asAdministrator && role != null && role.administers());
    }
}
