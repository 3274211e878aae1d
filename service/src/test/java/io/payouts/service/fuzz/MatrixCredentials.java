package io.payouts.service.fuzz;

import io.payouts.service.access.Role;
import io.payouts.service.access.Secrets;
import io.payouts.service.support.Api;
import org.springframework.jdbc.core.JdbcTemplate;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Predicate;

/**
 * The columns of the authorization matrix: no credential, malformed ones, keys of each mode with exactly the
 * operation's scope or every scope but it, unusable keys (unknown, expired, revoked, pending, rejected), a bearer
 * session and console cookies of every role, and keys pointed at the other mode's resources. Every secret made
 * here goes into the {@link SecretLedger}.
 */
final class MatrixCredentials {

    static final String USER_PASSWORD = "matrix user password 1";
    private static final List<String> MODES = List.of("sandbox", "production");

    private final Api owner;
    private final String ownerEmail;
    private final String ownerPassword;
    private final Credentials keys;
    private final JdbcTemplate jdbc;
    private final SecretLedger secrets;
    private final Map<String, String> withoutScope = new HashMap<>();
    /** The CSRF token of each console session, which reading the console session shows again (ADR-0020). */
    private final List<String> csrfTokens = new ArrayList<>();

    MatrixCredentials(Api owner, String ownerEmail, String ownerPassword, Credentials keys, JdbcTemplate jdbc,
                      SecretLedger secrets) {
        this.owner = owner;
        this.ownerEmail = ownerEmail;
        this.ownerPassword = ownerPassword;
        this.keys = keys;
        this.jdbc = jdbc;
        this.secrets = secrets;
        secrets.issuedBySetUp(ownerPassword);
        secrets.issuedBySetUp(USER_PASSWORD);
        secrets.issuedBySetUp(owner.bearer());
    }

    List<String> csrfTokens() {
        return csrfTokens;
    }

    List<MatrixCredential> build(Predicate<Operation> namesModeResource) {
        for (String mode : MODES) {
            for (String scope : FieldHints.SCOPES) {
                secrets.issuedBySetUp(key(mode, scope));
                List<String> others = FieldHints.SCOPES.stream().filter(other -> !other.equals(scope)).toList();
                withoutScope.put(mode + " " + scope, secret(keys.key(mode, others)));
            }
            secrets.issuedBySetUp(key(mode, "read"));
        }
        List<MatrixCredential> credentials = new ArrayList<>();
        credentials.add(header("no credential", MatrixCredential.Kind.NONE, null));
        credentials.add(header("Authorization without a scheme", MatrixCredential.Kind.MALFORMED, "garbage"));
        credentials.add(header("Basic scheme", MatrixCredential.Kind.MALFORMED, "Basic dXNlcjpwYXNzd29yZA=="));
        credentials.add(header("empty Bearer", MatrixCredential.Kind.MALFORMED, "Bearer "));
        credentials.add(header("unknown sandbox key", MatrixCredential.Kind.MALFORMED,
                "Bearer " + Secrets.newToken("svc_sbox_")));
        credentials.add(header("unknown production key", MatrixCredential.Kind.MALFORMED,
                "Bearer " + Secrets.newToken("svc_prod_")));
        credentials.add(header("unknown session token", MatrixCredential.Kind.MALFORMED,
                "Bearer " + Secrets.newToken("sess_")));
        for (String mode : MODES) {
            String other = mode.equals("sandbox") ? "production" : "sandbox";
            credentials.add(new MatrixCredential(mode + " key with the scope", MatrixCredential.Kind.SCOPED_KEY,
                    mode, null, mode, operation -> true,
                    (operation, request) -> bearer(request, key(mode, scopeOf(operation)))));
            credentials.add(new MatrixCredential(mode + " key with every other scope",
                    MatrixCredential.Kind.KEY_WITHOUT_SCOPE, mode, null, mode, operation -> operation.scope() != null,
                    (operation, request) -> bearer(request, withoutScope.get(mode + " " + operation.scope()))));
            credentials.add(new MatrixCredential(mode + " key naming a " + other + " resource",
                    MatrixCredential.Kind.CROSS_MODE_KEY, mode, null, other, namesModeResource,
                    (operation, request) -> bearer(request, key(mode, scopeOf(operation)))));
        }
        credentials.add(unusable("expired key", MatrixCredential.Kind.EXPIRED_KEY, expiringKey()));
        credentials.add(unusable("revoked key", MatrixCredential.Kind.UNUSABLE_KEY, revokedKey()));
        credentials.add(unusable("pending production key", MatrixCredential.Kind.UNUSABLE_KEY, plantedKey(false)));
        credentials.add(unusable("rejected production key", MatrixCredential.Kind.UNUSABLE_KEY, plantedKey(true)));
        for (Role role : Role.values()) {
            String email = role == Role.OWNER ? ownerEmail : user(role);
            String password = role == Role.OWNER ? ownerPassword : USER_PASSWORD;
            credentials.add(session(role, email, password));
            for (String mode : MODES) {
                credentials.add(console(role, email, password, mode, MatrixCredential.Kind.CONSOLE));
            }
        }
        credentials.add(console(Role.OWNER, ownerEmail, ownerPassword, "sandbox",
                MatrixCredential.Kind.CONSOLE_WITHOUT_CSRF));
        credentials.add(console(Role.OWNER, ownerEmail, ownerPassword, null,
                MatrixCredential.Kind.CONSOLE_WITHOUT_MODE));
        return credentials;
    }

    private String key(String mode, String scope) {
        return mode.equals("sandbox") ? keys.sandboxKey(scope) : keys.productionKey(scope);
    }

    /** Operations without a scope of their own (the events API, the sandbox utilities) get a key that reads. */
    private static String scopeOf(Operation operation) {
        return operation.scope() == null ? "read" : operation.scope();
    }

    private String secret(String value) {
        secrets.issuedBySetUp(value);
        return value;
    }

    private static RawRequest bearer(RawRequest request, String credential) {
        return request.withHeader("Authorization", "Bearer " + credential);
    }

    private static MatrixCredential header(String name, MatrixCredential.Kind kind, String authorization) {
        return new MatrixCredential(name, kind, null, null, "sandbox", operation -> true,
                (operation, request) -> request.withHeader("Authorization", authorization));
    }

    private static MatrixCredential unusable(String name, MatrixCredential.Kind kind, String value) {
        return new MatrixCredential(name, kind, null, null, "sandbox", operation -> true,
                (operation, request) -> bearer(request, value));
    }

    /** A sandbox key with every scope that expires after a day; the test moves the clock past it to use it. */
    private String expiringKey() {
        Api.Response created = owner.post("/api/v1/developer/keys", """
                {"name":"matrix expiring","mode":"sandbox","scopes":%s,"expires_in":1}""".formatted(allScopes()));
        return secret(ok(created).body().path("key").asText());
    }

    private String revokedKey() {
        Api.Response created = owner.createKey("sandbox", FieldHints.SCOPES);
        ok(owner.delete("/api/v1/admin/api-keys/" + created.body().path("id").asText()));
        return secret(created.body().path("key").asText());
    }

    /**
     * A production key left pending, or rejected, with a value. The service never shows such a key's value (it
     * issues it at approval), so the test stores the hash of a value it made in the key's row, as an issued value
     * would be stored: authentication must refuse the key for its state, not merely because the value is unknown.
     */
    private String plantedKey(boolean rejected) {
        String id = owner.createKey("production", FieldHints.SCOPES).body().path("id").asText();
        if (rejected) {
            ok(owner.post("/api/v1/admin/api-keys/" + id + "/reject", "{\"reason\":\"not this one\"}"));
        }
        String value = Secrets.newToken("svc_prod_");
        if (jdbc.update("update api_key_view set key_hash = ? where id = ?", Secrets.sha256Hex(value), id) != 1) {
            throw new AssertionError("no read-model row for key " + id);
        }
        return secret(value);
    }

    private String user(Role role) {
        String email = "matrix-" + role.name().toLowerCase() + "-" + UUID.randomUUID() + "@example.com";
        ok(owner.post("/api/v1/admin/users", """
                {"email":"%s","password":"%s","role":"%s"}""".formatted(email, USER_PASSWORD,
                role.name().toLowerCase())));
        return email;
    }

    private MatrixCredential session(Role role, String email, String password) {
        String token = secret(owner.anonymous().signedIn(email, password).bearer());
        return new MatrixCredential(role.name().toLowerCase() + " session", MatrixCredential.Kind.SESSION, null,
                role, "sandbox", operation -> true, (operation, request) -> bearer(request, token));
    }

    private MatrixCredential console(Role role, String email, String password, String mode,
                                     MatrixCredential.Kind kind) {
        Api.Response session = ok(owner.anonymous().post("/api/v1/auth/console-session",
                "{\"email\":\"" + email + "\",\"password\":\"" + password + "\"}"));
        String setCookie = session.header("Set-Cookie");
        String cookie = setCookie.substring(0, setCookie.indexOf(';'));
        secrets.issuedBySetUp(cookie.substring(cookie.indexOf('=') + 1));
        String csrf = secret(session.data().path("csrfToken").asText());
        csrfTokens.add(csrf);
        boolean withCsrf = kind != MatrixCredential.Kind.CONSOLE_WITHOUT_CSRF;
        String name = role.name().toLowerCase() + " console" + (mode == null ? " without X-Console-Mode"
                : " in " + mode) + (withCsrf ? "" : " without its CSRF token");
        Predicate<Operation> applies = withCsrf ? operation -> true : operation -> !operation.reads();
        return new MatrixCredential(name, kind, mode, role, mode == null ? "sandbox" : mode, applies,
                (operation, request) -> {
                    RawRequest withCookie = request.withHeader("Cookie", cookie);
                    if (mode != null) {
                        withCookie = withCookie.withHeader("X-Console-Mode", mode);
                    }
                    return withCsrf ? withCookie.withHeader("X-CSRF-Token", csrf) : withCookie;
                });
    }

    private static String allScopes() {
        return "[" + String.join(",", FieldHints.SCOPES.stream().map(scope -> "\"" + scope + "\"").toList()) + "]";
    }

    private static Api.Response ok(Api.Response response) {
        if (response.status() != 200) {
            throw new AssertionError("the matrix's credentials could not be made: " + response);
        }
        return response;
    }
}
