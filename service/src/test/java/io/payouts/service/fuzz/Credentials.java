package io.payouts.service.fuzz;

import com.fasterxml.jackson.databind.JsonNode;
import io.payouts.platform.signing.WebhookSignature;
import io.payouts.service.support.Api;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * The credential each operation's security requirement names: an API key holding only the operation's scope, in
 * the sandbox or in production; the owner's session; the console's cookie with its mode and CSRF token; or, for the
 * inbound webhook, a signature over the exact bytes sent. Signing out spends a credential, so those operations get
 * one of their own, renewed once it is spent.
 */
final class Credentials {

    static final List<String> READ_SCOPES = List.of("drivers:read", "payouts:read", "batches:read", "balance:read");

    private final Api owner;
    private final String ownerEmail;
    private final String ownerPassword;
    private final String inboundSecret;
    private final Fixtures fixtures;
    private final Map<String, String> keys = new HashMap<>();
    private Console console;
    private String disposableSession;
    private Console disposableConsole;

    Credentials(Api owner, String ownerEmail, String ownerPassword, String inboundSecret, Fixtures fixtures) {
        this.owner = owner;
        this.ownerEmail = ownerEmail;
        this.ownerPassword = ownerPassword;
        this.inboundSecret = inboundSecret;
        this.fixtures = fixtures;
    }

    private record Console(String cookie, String csrfToken) {
    }

    void prepare() {
        for (String mode : List.of("sandbox", "production")) {
            for (String scope : FieldHints.SCOPES) {
                keys.put(mode + " " + scope, key(mode, List.of(scope)));
            }
            keys.put(mode + " read", key(mode, READ_SCOPES));
        }
        console = console();
        for (JsonNode user : owner.get("/api/v1/admin/users?pageSize=100").data().path("items")) {
            if (user.path("email").asText().equals(ownerEmail)) {
                fixtures.protect(user.path("id").asText());
            }
        }
    }

    /** An API key of that mode with only these scopes; production keys are approved by the owner. */
    String key(String mode, List<String> scopes) {
        Api.Response created = owner.createKey(mode, scopes);
        String id = created.body().path("id").asText();
        fixtures.protect(id);
        if (mode.equals("sandbox")) {
            return created.body().path("key").asText();
        }
        Api.Response approved = owner.post("/api/v1/admin/api-keys/" + id + "/approve", "{}");
        if (approved.status() != 200) {
            throw new AssertionError("approval failed: " + approved);
        }
        return approved.body().path("key").asText();
    }

    String sandboxKey(String scope) {
        return keys.get("sandbox " + scope);
    }

    String productionKey(String scope) {
        return keys.get("production " + scope);
    }

    /** The request with the credential its operation needs. */
    RawRequest apply(Operation operation, RawRequest request, Random random) {
        return switch (operation.credential()) {
            case API_KEY -> {
                String mode = operation.template().startsWith("/api/v1/sandbox/") || random.nextInt(4) > 0
                        ? "sandbox" : "production";
                String scope = operation.scope() == null ? "read" : operation.scope();
                yield request.withHeader("Authorization", "Bearer " + keys.get(mode + " " + scope));
            }
            case SESSION -> request.withHeader("Authorization", "Bearer " + (signsOut(operation)
                    ? disposableSession() : owner.bearer()));
            case CONSOLE -> {
                Console chosen = signsOut(operation) ? disposableConsole() : console;
                yield request.withHeader("Cookie", chosen.cookie()).withHeader("X-CSRF-Token", chosen.csrfToken())
                        .withHeader("X-Console-Mode", random.nextBoolean() ? "sandbox" : "production");
            }
            case NONE -> request;
        };
    }

    /** Signs an inbound webhook's bytes as they will be sent, unless the request carries a signature already. */
    RawRequest sign(Operation operation, RawRequest request) {
        if (!operation.template().equals("/api/v1/webhooks/inbound")
                || request.header(WebhookSignature.HEADER) != null
                || request.header(WebhookSignature.ALTERNATE_HEADER) != null) {
            return request;
        }
        String body = request.body() == null ? "" : new String(request.body(), StandardCharsets.UTF_8);
        return request.withHeader(WebhookSignature.HEADER,
                WebhookSignature.header(Instant.now(), body, List.of(inboundSecret)));
    }

    /** After an accepted sign-out, the next request of that operation needs a new session. */
    void spent(Operation operation, Answer answer) {
        if (signsOut(operation) && answer.accepted()) {
            if (operation.credential() == Operation.Credential.CONSOLE) {
                disposableConsole = null;
            } else {
                disposableSession = null;
            }
        }
    }

    private static boolean signsOut(Operation operation) {
        return operation.method().equals("DELETE") && operation.template().startsWith("/api/v1/auth/");
    }

    private String disposableSession() {
        if (disposableSession == null) {
            disposableSession = owner.anonymous().signedIn(ownerEmail, ownerPassword).bearer();
        }
        return disposableSession;
    }

    private Console disposableConsole() {
        if (disposableConsole == null) {
            disposableConsole = console();
        }
        return disposableConsole;
    }

    private Console console() {
        Api.Response session = owner.anonymous().post("/api/v1/auth/console-session",
                "{\"email\":\"" + ownerEmail + "\",\"password\":\"" + ownerPassword + "\"}");
        if (session.status() != 200) {
            throw new AssertionError("console sign-in failed: " + session);
        }
        String cookie = session.header("Set-Cookie");
        return new Console(cookie.substring(0, cookie.indexOf(';')), session.data().path("csrfToken").asText());
    }
}
