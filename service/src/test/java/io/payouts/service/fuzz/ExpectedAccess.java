package io.payouts.service.fuzz;

import io.payouts.service.access.Role;

import java.util.Set;

/**
 * What an (operation, credential) pair must answer, derived from the operation's security schemes and scope in the
 * OpenAPI document and the rules of the interface spec and ADR-0009/ADR-0020: missing, malformed, unknown, expired,
 * revoked, pending and rejected credentials are 401 UNAUTHORIZED; a known credential without the scope or role is
 * 403 FORBIDDEN; a key naming the other mode's resource is 404; a console request to a resource without its mode is
 * 400 VALIDATION_ERROR. Anything else authorized may answer as it likes, but not 401, 403 or 5xx.
 */
enum ExpectedAccess {
    OPEN,
    AUTHORIZED,
    UNAUTHORIZED,
    FORBIDDEN,
    NOT_FOUND,
    MODE_REQUIRED;

    private static final Set<String> KNOWN_SCHEMES = Set.of(SecuritySchemes.API_KEY, SecuritySchemes.SESSION,
            SecuritySchemes.CONSOLE);

    static ExpectedAccess of(Operation operation, Set<String> schemes, MatrixCredential credential) {
        if (schemes.isEmpty()) {
            return OPEN;
        }
        if (!KNOWN_SCHEMES.containsAll(schemes)) {
            throw new IllegalStateException(operation + " names a security scheme the matrix has no rule for: "
                    + schemes);
        }
        boolean takesKey = schemes.contains(SecuritySchemes.API_KEY);
        if (takesKey && operation.scope() == null && !sandboxUtility(operation) && !eventsApi(operation)) {
            throw new IllegalStateException(operation + " takes an API key but names no x-required-scope");
        }
        boolean takesCookie = schemes.contains(SecuritySchemes.CONSOLE);
        boolean administration = operation.template().startsWith("/api/v1/admin/");
        return switch (credential.kind()) {
            case NONE, MALFORMED, UNUSABLE_KEY, EXPIRED_KEY -> UNAUTHORIZED;
            case SCOPED_KEY, KEY_WITHOUT_SCOPE, CROSS_MODE_KEY -> {
                if (!takesKey) {
                    yield UNAUTHORIZED;
                }
                if (credential.kind() == MatrixCredential.Kind.KEY_WITHOUT_SCOPE
                        || sandboxUtility(operation) && credential.mode().equals("production")) {
                    yield FORBIDDEN;
                }
                yield credential.kind() == MatrixCredential.Kind.CROSS_MODE_KEY ? NOT_FOUND : AUTHORIZED;
            }
            case SESSION -> {
                if (schemes.contains(SecuritySchemes.SESSION)) {
                    yield administration && !credential.role().administers() ? FORBIDDEN : AUTHORIZED;
                }
                // A valid session on an endpoint that takes the console's cookie is known but of the wrong kind.
                yield takesKey ? UNAUTHORIZED : FORBIDDEN;
            }
            case CONSOLE -> {
                if (!takesCookie) {
                    yield UNAUTHORIZED;
                }
                if ((administration || operation.ownersAndAdmins()) && !credential.role().administers()) {
                    yield FORBIDDEN;
                }
                if (takesKey && (sandboxUtility(operation) && credential.mode().equals("production")
                        || !consoleMayUse(credential.role(), credential.mode(), operation.scope()))) {
                    yield FORBIDDEN;
                }
                yield AUTHORIZED;
            }
            case CONSOLE_WITHOUT_CSRF -> takesCookie ? FORBIDDEN : UNAUTHORIZED;
            case CONSOLE_WITHOUT_MODE -> {
                if (!takesCookie) {
                    yield UNAUTHORIZED;
                }
                if (takesKey) {
                    yield MODE_REQUIRED;
                }
                yield administration && !credential.role().administers() ? FORBIDDEN : AUTHORIZED;
            }
        };
    }

    /** ADR-0020: owners and admins do anything in either mode; developers anything in sandbox, reads in production. */
    private static boolean consoleMayUse(Role role, String mode, String scope) {
        return role.administers() || mode.equals("sandbox") || scope == null || scope.endsWith(":read");
    }

    static boolean sandboxUtility(Operation operation) {
        return operation.template().startsWith("/api/v1/sandbox/");
    }

    /** The events API checks each event type's read scope itself (ADR-0027), so any key may call it. */
    private static boolean eventsApi(Operation operation) {
        return operation.template().startsWith("/api/v1/events");
    }

    /** What is wrong with the answer, or null when it is what this expectation allows. */
    String problemWith(Answer answer) {
        if (answer.status() >= 500) {
            return "answered " + answer.status();
        }
        return switch (this) {
            case OPEN -> null;
            case AUTHORIZED -> answer.status() == 401 || answer.status() == 403
                    ? "refused an authorized credential with " + answer.status() + " " + answer.errorCode() : null;
            case UNAUTHORIZED -> refusal(answer, 401, "UNAUTHORIZED");
            case FORBIDDEN -> refusal(answer, 403, "FORBIDDEN");
            case NOT_FOUND -> refusal(answer, 404, null);
            case MODE_REQUIRED -> refusal(answer, 400, "VALIDATION_ERROR");
        };
    }

    boolean refuses() {
        return this != OPEN && this != AUTHORIZED;
    }

    private static String refusal(Answer answer, int status, String code) {
        if (answer.status() != status) {
            return "expected " + status + (code == null ? "" : " " + code) + " but got " + answer.status()
                    + " " + answer.errorCode();
        }
        if (answer.json() == null || answer.json().path("success").asBoolean(true)
                || !answer.json().path("error").path("message").isTextual()) {
            return "a " + status + " without the error envelope";
        }
        if (code != null && !code.equals(answer.errorCode())) {
            return "expected code " + code + " but got " + answer.errorCode();
        }
        return null;
    }
}
