package io.payouts.service.http;

import io.payouts.shared.Mode;
import io.payouts.shared.apikey.Actor;
import io.payouts.shared.apikey.Scope;

import java.util.Set;

/**
 * Who is calling: an API key (acting in its mode with its scopes, on behalf of the user who created it), a
 * signed-in user's session (role, no mode), or a signed-in user in the console (ADR-0020): the session cookie, with
 * the mode the console asked for and the scopes the user's role has there; on the developer and admin endpoints the
 * console acts as the session and has no mode.
 *
 * @param credentialId  the key id, or the session token's hash
 * @param administrator whether the signed-in user is an owner or an admin; false for an API key
 */
public record Caller(Credential credential, String credentialId, String userId, boolean administrator,
                     Mode mode, Set<Scope> scopes) {

    public enum Credential {
        API_KEY,
        SESSION,
        CONSOLE
    }

    public Caller {
        scopes = Set.copyOf(scopes);
    }

    public static Caller apiKey(String keyId, String createdBy, Mode mode, Set<Scope> scopes) {
        return new Caller(Credential.API_KEY, keyId, createdBy, false, mode, scopes);
    }

    public static Caller session(String tokenHash, String userId, boolean administrator) {
        return new Caller(Credential.SESSION, tokenHash, userId, administrator, null, Set.of());
    }

    /** A console request (ADR-0020); {@code mode} is null on the developer and admin endpoints. */
    public static Caller console(String tokenHash, String userId, boolean administrator, Mode mode,
                                 Set<Scope> scopes) {
        return new Caller(Credential.CONSOLE, tokenHash, userId, administrator, mode, scopes);
    }

    /** What commands and events record as the caller: the key id, or the user id of a session or the console. */
    public String auditId() {
        return credential == Credential.API_KEY ? credentialId : userId;
    }

    /**
     * The rate-limit bucket this caller's requests draw from (ADR-0008); the console draws from its session's bucket,
     * whatever the mode. It is stored in plain text as part of a row id of at most 200 characters, so it stays well
     * under 150 characters and never carries a secret.
     */
    public String bucketKey() {
        return (credential == Credential.API_KEY ? "key:" : "session:") + credentialId;
    }

    /**
     * Whose Idempotency-Keys a request's key is among (ADR-0010). The console's include the mode: the same key
     * sent in sandbox and in production names two different requests.
     */
    public String idempotencyScope() {
        if (credential != Credential.CONSOLE) {
            return bucketKey();
        }
        return "console:" + (mode == null ? "account" : mode.apiName()) + ":" + credentialId;
    }

    /** The user acting on keys; only owners and admins act as administrators, and only where asked to. */
    public Actor actor(boolean asAdministrator) {
        return new Actor(userId, asAdministrator && administrator);
    }
}
