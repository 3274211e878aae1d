package io.payouts.service.console;

import com.fasterxml.jackson.databind.JsonNode;
import io.payouts.service.support.Api;
import io.payouts.service.support.HttpIntegrationTest;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The console's credential (ADR-0020): the session cookie, accepted only on console requests, with the mode they
 * name and, for writes, the CSRF token of the same session; bearer clients are judged as before.
 */
class ConsoleSessionEndpointsTest extends HttpIntegrationTest {

    private static final String SESSION = "/api/v1/auth/console-session";

    @Autowired
    private JdbcTemplate jdbc;

    @Test
    void signingInSetsAnHttpOnlyStrictCookieForTheApiOnlyAndNeverShowsTheToken() {
        Api.Response response = signIn(OWNER_EMAIL, OWNER_PASSWORD);

        assertThat(response.status()).isEqualTo(200);
        String cookie = response.header("Set-Cookie");
        assertThat(cookie).startsWith("payouts_console=sess_").contains("; Path=/api/v1", "; HttpOnly",
                "; SameSite=Strict", "; Max-Age=43200").doesNotContain("Secure");
        String token = cookieValue(response);
        assertThat(response.body().toString()).doesNotContain(token).doesNotContain("sess_");
        assertThat(response.header("Location")).isNull();
        assertThat(response.data().path("user").path("role").asText()).isEqualTo("owner");
        assertThat(response.data().path("csrfToken").asText()).hasSizeGreaterThanOrEqualTo(40);
        assertThat(response.data().path("scopes").path("production")).hasSize(8);
    }

    @Test
    void aWrongPasswordIsA401WithoutACookie() {
        Api.Response response = signIn(OWNER_EMAIL, "not the password");

        assertThat(response.status()).isEqualTo(401);
        assertThat(response.error().path("code").asText()).isEqualTo("UNAUTHORIZED");
        assertThat(response.header("Set-Cookie")).isNull();
    }

    @Test
    void theSessionResourceGivesTheCsrfTokenBackAfterAReload() {
        Console console = console(OWNER_EMAIL, OWNER_PASSWORD);

        Api.Response current = console.in("sandbox").get(SESSION);

        assertThat(current.status()).isEqualTo(200);
        assertThat(current.data().path("csrfToken").asText()).isEqualTo(console.csrfToken());
        assertThat(current.data().path("user").path("email").asText()).isEqualTo(OWNER_EMAIL);
    }

    @Test
    void theCookieWorksInTheModeTheHeaderNames() {
        Console console = console(OWNER_EMAIL, OWNER_PASSWORD);

        Api.Response registered = console.in("sandbox")
                .post("/api/v1/drivers", Api.driverJson(Api.uniqueSvcDriverId()));

        assertThat(registered.status()).as(registered.toString()).isEqualTo(200);
        String path = "/api/v1/drivers/" + registered.data().path("id").asText();
        assertThat(console.in("sandbox").get(path).status()).isEqualTo(200);
        assertThat(console.in("production").get(path).status()).as("sandbox data from production").isEqualTo(404);
        assertThat(api().get(path).status()).as("the same data through a sandbox key").isEqualTo(200);
    }

    @Test
    void aConsoleRequestWithoutAValidModeIsA400NamingTheHeader() {
        Console console = console(OWNER_EMAIL, OWNER_PASSWORD);

        for (Api caller : List.of(console.withoutMode(), console.in("staging"), console.in("SANDBOX"))) {
            Api.Response response = caller.get("/api/v1/balance");

            assertThat(response.status()).isEqualTo(400);
            assertThat(response.error().path("code").asText()).isEqualTo("VALIDATION_ERROR");
            assertThat(response.error().path("details").has("X-Console-Mode")).isTrue();
        }
    }

    /** The document promises the rate-limit headers on every answer, the console's own refusals included. */
    @Test
    void theConsolesRefusalsOfAMissingModeOrCsrfTokenCarryTheRateLimitHeaders() {
        Console console = console(OWNER_EMAIL, OWNER_PASSWORD);

        Api.Response withoutMode = console.withoutMode().get("/api/v1/balance");
        Api.Response withoutToken = console.withoutCsrfToken().post("/api/v1/drivers",
                Api.driverJson(Api.uniqueSvcDriverId()));

        assertThat(withoutMode.status()).isEqualTo(400);
        assertThat(withoutToken.status()).isEqualTo(403);
        for (Api.Response refused : List.of(withoutMode, withoutToken)) {
            assertThat(refused.header("X-RateLimit-Limit")).as("%s", refused.body()).matches("\\d+");
            assertThat(refused.header("X-RateLimit-Remaining")).matches("\\d+");
            assertThat(refused.header("X-RateLimit-Reset")).matches("\\d+");
        }
    }

    /** The session's own endpoints read no mode's data, so they need no mode: without one they answer as documented. */
    @Test
    void theSessionEndpointsNeedNoMode() {
        Console console = console(OWNER_EMAIL, OWNER_PASSWORD);

        assertThat(console.withoutMode().get("/api/v1/auth/console-session").status()).isEqualTo(200);
        assertThat(console.withoutMode().get("/api/v1/admin/users").status()).isEqualTo(200);
    }

    @Test
    void aWriteWithTheCookieButNotTheCsrfTokenIsA403AndDoesNothing() {
        Console console = console(OWNER_EMAIL, OWNER_PASSWORD);
        Console other = console(OWNER_EMAIL, OWNER_PASSWORD);
        String svcDriverId = Api.uniqueSvcDriverId();

        for (Api forged : List.of(console.withoutCsrfToken(), console.withCsrfToken("forged"),
                console.withCsrfToken(other.csrfToken()))) {
            Api.Response refused = forged.post("/api/v1/drivers", Api.driverJson(svcDriverId));

            assertThat(refused.status()).isEqualTo(403);
            assertThat(refused.body().path("success").asBoolean()).isFalse();
            assertThat(refused.error().path("code").asText()).isEqualTo("FORBIDDEN");
            assertThat(refused.error().path("details").has("X-CSRF-Token")).isTrue();
        }
        assertThat(console.in("sandbox").post("/api/v1/drivers", Api.driverJson(svcDriverId)).status())
                .as("the external id is still free: nothing was registered").isEqualTo(200);
        assertThat(console.withoutCsrfToken().get("/api/v1/drivers").status()).as("reads need no token")
                .isEqualTo(200);
    }

    @Test
    void aBearerCredentialIsJudgedAsBeforeWhateverCookieComesWithIt() {
        Console console = console(OWNER_EMAIL, OWNER_PASSWORD);
        Api keyWithCookie = api().header("Cookie", console.cookie()).header("X-Console-Mode", "production");

        Api.Response registered = keyWithCookie.post("/api/v1/drivers", Api.driverJson(Api.uniqueSvcDriverId()));

        assertThat(registered.status()).as("no CSRF token needed with a bearer key").isEqualTo(200);
        String path = "/api/v1/drivers/" + registered.data().path("id").asText();
        assertThat(console.in("sandbox").get(path).status()).as("the key's mode, not the header's").isEqualTo(200);
        Api sessionBearer = owner().header("Cookie", console.cookie());
        assertThat(sessionBearer.get("/api/v1/drivers").status()).as("a session token on a resource endpoint")
                .isEqualTo(401);
    }

    @Test
    void aDeveloperLooksAtProductionButChangesOnlyTheSandbox() {
        Console developer = console(Developers.add(owner()), Developers.PASSWORD);

        assertThat(developer.in("production").get("/api/v1/payouts").status()).isEqualTo(200);
        assertThat(developer.in("production").get("/api/v1/balance").status()).isEqualTo(200);
        Api.Response refused = developer.in("production")
                .post("/api/v1/drivers", Api.driverJson(Api.uniqueSvcDriverId()));
        assertThat(refused.status()).isEqualTo(403);
        assertThat(refused.error().path("message").asText()).contains("drivers:write", "production");
        assertThat(developer.in("production").get("/api/v1/webhooks").status()).isEqualTo(403);
        assertThat(developer.in("sandbox").post("/api/v1/drivers", Api.driverJson(Api.uniqueSvcDriverId())).status())
                .isEqualTo(200);
        assertThat(developer.in("sandbox").get("/api/v1/admin/api-keys/pending").status())
                .as("admin endpoints stay for owners and admins").isEqualTo(403);
    }

    @Test
    void ownersApproveAProductionKeyADeveloperAskedForInTheConsole() {
        Console developer = console(Developers.add(owner()), Developers.PASSWORD);
        Api.Response requested = developer.in("sandbox").post("/api/v1/developer/keys", """
                {"name":"console payouts","mode":"production","scopes":["payouts:read"],
                 "approval_reason":"finance"}""");
        assertThat(requested.status()).as(requested.toString()).isEqualTo(200);
        assertThat(requested.body().path("key").isNull()).isTrue();

        Api.Response approved = console(OWNER_EMAIL, OWNER_PASSWORD).in("production")
                .post("/api/v1/admin/api-keys/" + requested.body().path("id").asText() + "/approve", null);

        assertThat(approved.status()).as(approved.toString()).isEqualTo(200);
        assertThat(approved.body().path("key").asText()).startsWith("svc_prod_");
        assertThat(approved.body().path("approved_by").asText())
                .isEqualTo(signIn(OWNER_EMAIL, OWNER_PASSWORD).data().path("user").path("id").asText());
    }

    @Test
    void commandsFromTheConsoleNameTheSignedInUserAndTheMode() {
        Console console = console(OWNER_EMAIL, OWNER_PASSWORD);
        String userId = console.user().path("id").asText();

        String driverId = console.in("sandbox").post("/api/v1/drivers", Api.driverJson(Api.uniqueSvcDriverId()))
                .data().path("id").asText();

        List<String> metadata = jdbc.queryForList("select convert_from(meta_data, 'UTF8') from domain_event_entry "
                + "where aggregate_identifier = ?", String.class, driverId);
        assertThat(metadata).isNotEmpty().allSatisfy(text -> assertThat(text)
                .contains("\"caller\":\"" + userId + "\"", "\"mode\":\"sandbox\""));
    }

    @Test
    void anIdempotencyKeyFromTheConsoleIsKeptPerMode() {
        Console console = console(OWNER_EMAIL, OWNER_PASSWORD);
        String key = "console-test-" + UUID.randomUUID();
        String body = "{\"amount\":1000,\"description\":\"console idempotency\"}";

        Api.Response sandbox = console.in("sandbox").header("Idempotency-Key", key).post("/api/v1/funding/topup", body);
        Api.Response again = console.in("sandbox").header("Idempotency-Key", key).post("/api/v1/funding/topup", body);
        Api.Response production = console.in("production").header("Idempotency-Key", key)
                .post("/api/v1/funding/topup", body);

        assertThat(sandbox.status()).as(sandbox.toString()).isEqualTo(200);
        assertThat(again.header("Idempotent-Replayed")).isEqualTo("true");
        assertThat(again.data().path("transactionId")).isEqualTo(sandbox.data().path("transactionId"));
        assertThat(production.status()).isEqualTo(200);
        assertThat(production.header("Idempotent-Replayed")).isNull();
        assertThat(production.data().path("transactionId")).isNotEqualTo(sandbox.data().path("transactionId"));
    }

    @Test
    void sandboxScenariosWorkFromTheConsoleInTheSandboxOnly() {
        Console console = console(OWNER_EMAIL, OWNER_PASSWORD);

        Api.Response sandbox = console.in("sandbox").header("X-Sandbox-Scenario", "rate_limited")
                .get("/api/v1/balance");
        Api.Response production = console.in("production").header("X-Sandbox-Scenario", "rate_limited")
                .get("/api/v1/balance");

        assertThat(sandbox.status()).isEqualTo(429);
        assertThat(production.status()).isEqualTo(200);
    }

    @Test
    void signingOutEndsTheSessionAndClearsTheCookie() {
        Console console = console(OWNER_EMAIL, OWNER_PASSWORD);

        Api.Response signedOut = console.in("sandbox").delete(SESSION);

        assertThat(signedOut.status()).isEqualTo(200);
        assertThat(signedOut.header("Set-Cookie")).startsWith("payouts_console=;")
                .contains("Max-Age=0", "Path=/api/v1");
        Api.Response after = console.in("sandbox").get(SESSION);
        assertThat(after.status()).isEqualTo(401);
        assertThat(after.error().path("message").asText()).contains("sign in again");
    }

    @Test
    void theCookieIsNoCredentialWhereTheDocumentTakesNone() {
        Console console = console(OWNER_EMAIL, OWNER_PASSWORD);

        Api.Response bearerSignOut = console.withoutMode().delete("/api/v1/auth/sessions");
        Api.Response bearerSignOutWithoutToken = console.withoutCsrfToken().delete("/api/v1/auth/sessions");
        Api.Response inbound = console.withoutCsrfToken().post("/api/v1/webhooks/inbound", "{}");

        assertThat(bearerSignOut.status()).as("the bearer sign-out takes a session token only").isEqualTo(401);
        assertThat(bearerSignOutWithoutToken.status()).isEqualTo(401);
        assertThat(inbound.status()).as("the inbound webhook's signature decides, not a CSRF token").isEqualTo(401);
        assertThat(console.in("sandbox").get(SESSION).status()).as("the console session is still open")
                .isEqualTo(200);
    }

    @Test
    void theSessionResourceTakesOnlyTheCookie() {
        assertThat(anonymous().get(SESSION).status()).isEqualTo(401);
        Api.Response withBearer = owner().get(SESSION);
        assertThat(withBearer.status()).isEqualTo(403);
        assertThat(withBearer.error().path("message").asText()).contains("cookie");
    }

    @Test
    void thePageLoadsOnlyItsOwnScriptsAndStylesUnderAContentSecurityPolicy() {
        Api.Response page = anonymous().get("/console");

        assertThat(page.status()).isEqualTo(200);
        assertThat(page.header("Content-Type")).startsWith("text/html");
        assertThat(page.header("Content-Security-Policy")).contains("default-src 'none'", "script-src 'self'",
                "style-src 'self'", "frame-ancestors 'none'").doesNotContain("unsafe-inline", "unsafe-eval");
        String html = page.body().asText();
        assertThat(html).doesNotContainPattern("<script(?![^>]*\\bsrc=)").doesNotContain("<style", " style=");
        assertThat(anonymous().get("/console/assets/js/main.js").status()).isEqualTo(200);
        assertThat(anonymous().get("/webjars/chart.js/dist/chart.umd.js").status()).isEqualTo(200);
        assertThat(anonymous().get("/api/v1/balance").header("Content-Security-Policy")).isNotNull();
    }

    private Api.Response signIn(String email, String password) {
        return anonymous().post(SESSION, "{\"email\":\"" + email + "\",\"password\":\"" + password + "\"}");
    }

    private Console console(String email, String password) {
        Api.Response response = signIn(email, password);
        assertThat(response.status()).as(response.toString()).isEqualTo(200);
        return new Console(this, "payouts_console=" + cookieValue(response), response.data().path("csrfToken").asText(),
                response.data().path("user"));
    }

    private static String cookieValue(Api.Response response) {
        String cookie = response.header("Set-Cookie");
        return cookie.substring("payouts_console=".length(), cookie.indexOf(';'));
    }

    /** A signed-in console: its cookie header and CSRF token, as the page holds them. */
    private record Console(ConsoleSessionEndpointsTest test, String cookie, String csrfToken, JsonNode user) {

        Api in(String mode) {
            return withoutMode().header("X-Console-Mode", mode);
        }

        Api withoutMode() {
            return test.anonymous().header("Cookie", cookie).header("X-CSRF-Token", csrfToken);
        }

        Api withoutCsrfToken() {
            return test.anonymous().header("Cookie", cookie).header("X-Console-Mode", "sandbox");
        }

        Api withCsrfToken(String token) {
            return withoutCsrfToken().header("X-CSRF-Token", token);
        }
    }
}
