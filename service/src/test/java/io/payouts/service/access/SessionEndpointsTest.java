package io.payouts.service.access;

import com.fasterxml.jackson.databind.JsonNode;
import io.payouts.service.support.Api;
import io.payouts.service.support.HttpIntegrationTest;
import io.payouts.service.support.MutableClock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** Signing in and out: POST and DELETE /api/v1/auth/sessions, and how session tokens live and die. */
class SessionEndpointsTest extends HttpIntegrationTest {

    private static final Duration SESSION_LIFETIME = Duration.ofHours(12);

    @Autowired
    private MutableClock clock;

    @Autowired
    private JdbcTemplate jdbc;

    @AfterEach
    void putTheClockBack() {
        clock.reset();
    }

    @Test
    void signingInReturnsAnOpaqueSessionTokenItsExpiryAndTheUser() {
        Instant before = Instant.now();

        Api.Response response = signIn(OWNER_EMAIL, OWNER_PASSWORD);

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.body().path("success").asBoolean()).isTrue();
        JsonNode data = response.data();
        String token = data.path("token").asText();
        assertThat(token).startsWith("sess_").hasSizeGreaterThanOrEqualTo(40);
        assertThat(token.substring("sess_".length())).matches("[A-Za-z0-9_-]+");
        Instant expiresAt = Instant.parse(data.path("expiresAt").asText());
        assertThat(expiresAt).isAfter(Instant.now())
                .isBeforeOrEqualTo(Instant.now().plus(SESSION_LIFETIME).plusSeconds(5))
                .isAfterOrEqualTo(before.plus(SESSION_LIFETIME).minusSeconds(5));
        JsonNode user = data.path("user");
        assertThat(user.path("id").asText()).startsWith("usr_");
        assertThat(user.path("email").asText()).isEqualToIgnoringCase(OWNER_EMAIL);
        assertThat(user.path("role").asText()).isEqualTo("owner");
        assertThat(response.body().toString()).doesNotContainIgnoringCase("password")
                .doesNotContain(OWNER_PASSWORD);
        assertThat(response.body().path("meta").path("requestId").asText()).isNotBlank();
    }

    @Test
    void everySignInGetsADifferentToken() {
        String first = signIn(OWNER_EMAIL, OWNER_PASSWORD).data().path("token").asText();
        String second = signIn(OWNER_EMAIL, OWNER_PASSWORD).data().path("token").asText();

        assertThat(first).isNotEqualTo(second);
    }

    @Test
    void theSessionTokenOpensTheDeveloperEndpoints() {
        String token = signIn(OWNER_EMAIL, OWNER_PASSWORD).data().path("token").asText();

        assertThat(anonymous().withBearer(token).get("/api/v1/developer/keys").status()).isEqualTo(200);
    }

    @Test
    void aWrongPasswordAndAnUnknownEmailAreTheSame401() {
        Api.Response wrongPassword = signIn(OWNER_EMAIL, "not the right password at all");
        Api.Response unknownEmail = signIn("nobody-" + UUID.randomUUID() + "@example.com", OWNER_PASSWORD);

        for (Api.Response response : List.of(wrongPassword, unknownEmail)) {
            assertThat(response.status()).isEqualTo(401);
            assertThat(response.body().path("success").asBoolean()).isFalse();
            assertThat(response.error().path("code").asText()).isEqualTo("UNAUTHORIZED");
            assertThat(response.data().isMissingNode()).isTrue();
        }
        assertThat(wrongPassword.error().path("message").asText())
                .isNotBlank()
                .isEqualTo(unknownEmail.error().path("message").asText());
        assertThat(wrongPassword.error().path("details")).isEqualTo(unknownEmail.error().path("details"));
    }

    @Test
    void missingEmailAndPasswordAreA400NamingThem() {
        Api.Response neither = anonymous().post("/api/v1/auth/sessions", "{}");
        Api.Response noPassword = anonymous().post("/api/v1/auth/sessions", "{\"email\":\"" + OWNER_EMAIL + "\"}");
        Api.Response noEmail = anonymous().post("/api/v1/auth/sessions", "{\"password\":\"" + OWNER_PASSWORD + "\"}");

        assertThat(neither.status()).isEqualTo(400);
        assertThat(neither.error().path("details").has("email")).isTrue();
        assertThat(neither.error().path("details").has("password")).isTrue();
        assertThat(noPassword.status()).isEqualTo(400);
        assertThat(noPassword.error().path("details").fieldNames()).toIterable().containsExactly("password");
        assertThat(noEmail.status()).isEqualTo(400);
        assertThat(noEmail.error().path("details").fieldNames()).toIterable().containsExactly("email");
    }

    @Test
    void signingOutEndsThatSessionOnly() {
        String ending = signIn(OWNER_EMAIL, OWNER_PASSWORD).data().path("token").asText();
        String other = signIn(OWNER_EMAIL, OWNER_PASSWORD).data().path("token").asText();
        Api session = anonymous().withBearer(ending);
        assertThat(session.get("/api/v1/developer/keys").status()).isEqualTo(200);

        Api.Response signOut = session.delete("/api/v1/auth/sessions");

        assertThat(signOut.status()).isEqualTo(200);
        assertThat(signOut.body().path("success").asBoolean()).isTrue();
        Api.Response afterwards = session.get("/api/v1/developer/keys");
        assertThat(afterwards.status()).isEqualTo(401);
        assertThat(afterwards.error().path("code").asText()).isEqualTo("UNAUTHORIZED");
        assertThat(session.delete("/api/v1/auth/sessions").status()).isEqualTo(401);
        assertThat(anonymous().withBearer(other).get("/api/v1/developer/keys").status()).isEqualTo(200);
    }

    @Test
    void signingOutNeedsASession() {
        Api.Response anonymousSignOut = anonymous().delete("/api/v1/auth/sessions");
        Api.Response apiKeySignOut = api().delete("/api/v1/auth/sessions");

        assertThat(anonymousSignOut.status()).isEqualTo(401);
        assertThat(anonymousSignOut.error().path("code").asText()).isEqualTo("UNAUTHORIZED");
        assertThat(apiKeySignOut.status()).isEqualTo(401);
        assertThat(apiKeySignOut.error().path("code").asText()).isEqualTo("UNAUTHORIZED");
    }

    @Test
    void aSessionExpiresTwelveHoursAfterSignIn() {
        Api session = anonymous().withBearer(signIn(OWNER_EMAIL, OWNER_PASSWORD).data().path("token").asText());

        clock.advance(SESSION_LIFETIME.minusMinutes(1));
        assertThat(session.get("/api/v1/developer/keys").status()).as("just before expiry").isEqualTo(200);

        clock.advance(Duration.ofMinutes(1).plusSeconds(1));
        Api.Response expired = session.get("/api/v1/developer/keys");

        assertThat(expired.status()).as("after expiry").isEqualTo(401);
        assertThat(expired.error().path("code").asText()).isEqualTo("UNAUTHORIZED");
    }

    @Test
    void theSessionTokenIsStoredOnlyAsAHash() {
        String userId = signIn(OWNER_EMAIL, OWNER_PASSWORD).data().path("user").path("id").asText();
        int before = sessionsOf(userId);

        String token = signIn(OWNER_EMAIL, OWNER_PASSWORD).data().path("token").asText();

        assertThat(sessionsOf(userId)).as("a session row was written").isEqualTo(before + 1);
        String randomPart = token.substring("sess_".length());
        List<Map<String, Object>> rows = jdbc.queryForList("select * from user_session");
        for (Map<String, Object> row : rows) {
            for (Map.Entry<String, Object> column : row.entrySet()) {
                String text = asText(column.getValue());
                assertThat(text).as("user_session.%s", column.getKey())
                        .doesNotContain(token)
                        .doesNotContain(randomPart);
            }
        }
    }

    private int sessionsOf(String userId) {
        Integer count = jdbc.queryForObject("select count(*) from user_session where user_id = ?", Integer.class, userId);
        return count == null ? 0 : count;
    }

    private static String asText(Object value) {
        if (value == null) {
            return "";
        }
        return value instanceof byte[] bytes ? new String(bytes, StandardCharsets.UTF_8) : value.toString();
    }

    private Api.Response signIn(String email, String password) {
        return anonymous().post("/api/v1/auth/sessions",
                "{\"email\":\"" + email + "\",\"password\":\"" + password + "\"}");
    }
}
