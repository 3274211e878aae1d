package io.payouts.service.access;

import com.fasterxml.jackson.databind.JsonNode;
import io.payouts.service.support.Api;
import io.payouts.service.support.HttpIntegrationTest;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** The team: POST, GET and DELETE /api/v1/admin/users, and who may use them. */
class UserAdminEndpointsTest extends HttpIntegrationTest {

    private static final String PASSWORD = "a long enough password";

    @Autowired
    private JdbcTemplate jdbc;

    @Test
    void theOwnerAddsADeveloperAndAnAdmin() {
        for (String role : List.of("developer", "admin")) {
            String email = uniqueEmail(role);

            Api.Response response = owner().post("/api/v1/admin/users", newUser(email, PASSWORD, role));

            assertThat(response.status()).as(role).isEqualTo(200);
            assertThat(response.body().path("success").asBoolean()).isTrue();
            JsonNode user = response.data();
            assertThat(user.path("id").asText()).startsWith("usr_");
            assertThat(user.path("email").asText()).isEqualTo(email);
            assertThat(user.path("role").asText()).isEqualTo(role);
            assertThat(user.path("status").asText()).isEqualTo("active");
            assertNoPasswordAnywhere(response.body());
            assertThat(response.body().path("meta").path("requestId").asText()).isNotBlank();
            assertThat(anonymous().post("/api/v1/auth/sessions", signInJson(email, PASSWORD)).status())
                    .as("the new %s can sign in", role).isEqualTo(200);
        }
    }

    @Test
    void anAdminAddsADeveloper() {
        Api admin = signedInAs(createUser("admin").email());
        String email = uniqueEmail("dev");

        Api.Response response = admin.post("/api/v1/admin/users", newUser(email, PASSWORD, "developer"));

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.data().path("role").asText()).isEqualTo("developer");
    }

    @Test
    void aSecondUserWithTheSameEmailIsAConflict() {
        String email = createUser("developer").email();

        Api.Response again = owner().post("/api/v1/admin/users", newUser(email, PASSWORD, "admin"));

        assertThat(again.status()).isEqualTo(409);
        assertThat(again.error().path("code").asText()).isEqualTo("CONFLICT");
    }

    @Test
    void anUnknownRoleIsA400NamingRole() {
        Api.Response response = owner().post("/api/v1/admin/users", newUser(uniqueEmail("x"), PASSWORD, "superuser"));

        assertThat(response.status()).isEqualTo(400);
        assertThat(response.error().path("details").has("role")).isTrue();
    }

    @Test
    void aShortPasswordIsA400NamingPassword() {
        String email = uniqueEmail("short");

        Api.Response response = owner().post("/api/v1/admin/users", newUser(email, "short", "developer"));

        assertThat(response.status()).isEqualTo(400);
        assertThat(response.error().path("details").has("password")).isTrue();
        assertThat(anonymous().post("/api/v1/auth/sessions", signInJson(email, "short")).status())
                .as("no user was created").isEqualTo(401);
    }

    @Test
    void anInvalidEmailIsA400NamingEmail() {
        Api.Response response = owner().post("/api/v1/admin/users", newUser("not-an-email", PASSWORD, "developer"));

        assertThat(response.status()).isEqualTo(400);
        assertThat(response.error().path("details").has("email")).isTrue();
    }

    @Test
    void missingFieldsAreA400NamingEachOfThem() {
        Api.Response response = owner().post("/api/v1/admin/users", "{}");

        assertThat(response.status()).isEqualTo(400);
        assertThat(response.error().path("details").fieldNames()).toIterable()
                .contains("email", "password", "role");
    }

    @Test
    void listsUsersWithPaginationAndADefaultPageSizeOf20() {
        NewUser created = createUser("developer");

        Api.Response firstPage = owner().get("/api/v1/admin/users");

        assertThat(firstPage.status()).isEqualTo(200);
        JsonNode list = firstPage.data();
        assertThat(list.path("items").isArray()).isTrue();
        assertThat(list.path("page").asInt()).isEqualTo(1);
        assertThat(list.path("pageSize").asInt()).isEqualTo(20);
        assertThat(list.path("total").asLong()).isGreaterThanOrEqualTo(2);
        assertThat(list.path("items").size()).isLessThanOrEqualTo(20);
        assertThat(list.has("hasNextPage")).isFalse();
        assertNoPasswordAnywhere(firstPage.body());
        JsonNode listed = allUsers().stream()
                .filter(user -> user.path("id").asText().equals(created.id()))
                .findFirst().orElseThrow(() -> new AssertionError("the new user is not listed"));
        assertThat(listed.path("email").asText()).isEqualTo(created.email());
        assertThat(listed.path("role").asText()).isEqualTo("developer");
        assertThat(listed.path("status").asText()).isEqualTo("active");
    }

    @Test
    void theUserListHonoursPageAndPageSize() {
        createUser("developer");
        createUser("developer");

        Api.Response second = owner().get("/api/v1/admin/users?page=2&pageSize=1");

        assertThat(second.status()).isEqualTo(200);
        assertThat(second.data().path("items")).hasSize(1);
        assertThat(second.data().path("page").asInt()).isEqualTo(2);
        assertThat(second.data().path("pageSize").asInt()).isEqualTo(1);
        assertThat(owner().get("/api/v1/admin/users?pageSize=0").status()).isEqualTo(400);
    }

    @Test
    void disablingAUserEndsTheirSessionsAndSignIns() {
        NewUser developer = createUser("developer");
        Api theirSession = signedInAs(developer.email());
        assertThat(theirSession.get("/api/v1/developer/keys").status()).isEqualTo(200);

        Api.Response disabled = owner().delete("/api/v1/admin/users/" + developer.id());

        assertThat(disabled.status()).isEqualTo(200);
        assertThat(disabled.data().path("id").asText()).isEqualTo(developer.id());
        assertThat(disabled.data().path("status").asText()).isEqualTo("disabled");
        assertNoPasswordAnywhere(disabled.body());
        Api.Response withOldSession = theirSession.get("/api/v1/developer/keys");
        assertThat(withOldSession.status()).isEqualTo(401);
        assertThat(withOldSession.error().path("code").asText()).isEqualTo("UNAUTHORIZED");
        Api.Response signInAgain = anonymous().post("/api/v1/auth/sessions", signInJson(developer.email(), PASSWORD));
        assertThat(signInAgain.status()).isEqualTo(401);
        assertThat(signInAgain.error().path("code").asText()).isEqualTo("UNAUTHORIZED");
        JsonNode listed = allUsers().stream()
                .filter(user -> user.path("id").asText().equals(developer.id())).findFirst().orElseThrow();
        assertThat(listed.path("status").asText()).isEqualTo("disabled");
    }

    @Test
    void disablingYourselfIsAConflict() {
        NewUser admin = createUser("admin");
        Api adminSession = signedInAs(admin.email());

        Api.Response response = adminSession.delete("/api/v1/admin/users/" + admin.id());

        assertThat(response.status()).isEqualTo(409);
        assertThat(adminSession.get("/api/v1/admin/users").status()).as("still signed in").isEqualTo(200);
    }

    @Test
    void theOwnerCannotDisableThemselves() {
        Api.Response session = anonymous().post("/api/v1/auth/sessions", signInJson(OWNER_EMAIL, OWNER_PASSWORD));
        String ownerId = session.data().path("user").path("id").asText();

        Api.Response response = anonymous().withBearer(session.data().path("token").asText())
                .delete("/api/v1/admin/users/" + ownerId);

        assertThat(response.status()).isEqualTo(409);
        assertThat(anonymous().post("/api/v1/auth/sessions", signInJson(OWNER_EMAIL, OWNER_PASSWORD)).status())
                .isEqualTo(200);
    }

    @Test
    void anAdminCannotAddAnOwner() {
        Api admin = signedInAs(createUser("admin").email());
        String email = uniqueEmail("would-be-owner");

        Api.Response response = admin.post("/api/v1/admin/users", newUser(email, PASSWORD, "owner"));

        assertThat(response.status()).isEqualTo(403);
        assertThat(response.error().path("code").asText()).isEqualTo("FORBIDDEN");
        assertThat(anonymous().post("/api/v1/auth/sessions", signInJson(email, PASSWORD)).status())
                .as("no owner was created").isEqualTo(401);
    }

    @Test
    void anAdminCannotDisableAnOwner() {
        NewUser secondOwner = createUser("owner");
        Api admin = signedInAs(createUser("admin").email());

        Api.Response response = admin.delete("/api/v1/admin/users/" + secondOwner.id());

        assertThat(response.status()).isEqualTo(403);
        assertThat(response.error().path("code").asText()).isEqualTo("FORBIDDEN");
        assertThat(anonymous().post("/api/v1/auth/sessions", signInJson(secondOwner.email(), PASSWORD)).status())
                .as("the owner is still active").isEqualTo(200);
    }

    @Test
    void anOwnerCanAddAnotherOwner() {
        Api.Response response = owner().post("/api/v1/admin/users", newUser(uniqueEmail("owner"), PASSWORD, "owner"));

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.data().path("role").asText()).isEqualTo("owner");
    }

    @Test
    void aDeveloperSessionIsForbiddenOnTheUserAdminEndpoints() {
        NewUser target = createUser("developer");
        Api developer = signedInAs(createUser("developer").email());

        List<Api.Response> responses = List.of(
                developer.get("/api/v1/admin/users"),
                developer.post("/api/v1/admin/users", newUser(uniqueEmail("x"), PASSWORD, "developer")),
                developer.delete("/api/v1/admin/users/" + target.id()));

        for (Api.Response response : responses) {
            assertThat(response.status()).isEqualTo(403);
            assertThat(response.error().path("code").asText()).isEqualTo("FORBIDDEN");
        }
        assertThat(signedInAs(target.email()).get("/api/v1/developer/keys").status())
                .as("the target was not disabled").isEqualTo(200);
    }

    @Test
    void anApiKeyIsRefusedOnTheUserAdminEndpoints() {
        NewUser target = createUser("developer");

        List<Api.Response> responses = List.of(
                api().get("/api/v1/admin/users"),
                api().post("/api/v1/admin/users", newUser(uniqueEmail("x"), PASSWORD, "developer")),
                api().delete("/api/v1/admin/users/" + target.id()));

        for (Api.Response response : responses) {
            assertThat(response.status()).isEqualTo(401);
            assertThat(response.error().path("code").asText()).isEqualTo("UNAUTHORIZED");
        }
    }

    @Test
    void noCredentialIsA401OnTheUserAdminEndpoints() {
        NewUser target = createUser("developer");

        List<Api.Response> responses = List.of(
                anonymous().get("/api/v1/admin/users"),
                anonymous().post("/api/v1/admin/users", newUser(uniqueEmail("x"), PASSWORD, "developer")),
                anonymous().delete("/api/v1/admin/users/" + target.id()));

        for (Api.Response response : responses) {
            assertThat(response.status()).isEqualTo(401);
            assertThat(response.error().path("code").asText()).isEqualTo("UNAUTHORIZED");
        }
    }

    @Test
    void disablingAnUnknownUserIsA404() {
        Api.Response response = owner().delete("/api/v1/admin/users/usr_" + "0".repeat(32));

        assertThat(response.status()).isEqualTo(404);
    }

    @Test
    void passwordsAreStoredAsBcryptHashes() {
        NewUser user = createUser("developer");

        String hash = jdbc.queryForObject("select password_hash from user_account where id = ?", String.class,
                user.id());

        assertThat(hash).startsWith("$2").doesNotContain(PASSWORD);
        String ownerHash = jdbc.queryForObject("select password_hash from user_account where lower(email) = lower(?)",
                String.class, OWNER_EMAIL);
        assertThat(ownerHash).startsWith("$2").doesNotContain(OWNER_PASSWORD);
    }

    private record NewUser(String id, String email) {
    }

    private NewUser createUser(String role) {
        String email = uniqueEmail(role);
        Api.Response response = owner().post("/api/v1/admin/users", newUser(email, PASSWORD, role));
        assertThat(response.status()).as("creating a %s: %s", role, response).isEqualTo(200);
        return new NewUser(response.data().path("id").asText(), email);
    }

    private Api signedInAs(String email) {
        return anonymous().signedIn(email, PASSWORD);
    }

    private List<JsonNode> allUsers() {
        List<JsonNode> users = new ArrayList<>();
        for (int page = 1; ; page++) {
            Api.Response response = owner().get("/api/v1/admin/users?pageSize=100&page=" + page);
            assertThat(response.status()).isEqualTo(200);
            response.data().path("items").forEach(users::add);
            if ((long) page * 100 >= response.data().path("total").asLong()) {
                return users;
            }
        }
    }

    private static void assertNoPasswordAnywhere(JsonNode body) {
        List<String> names = new ArrayList<>();
        collectFieldNames(body, names);
        assertThat(names).noneMatch(name -> name.toLowerCase().contains("password") || name.toLowerCase().contains("hash"));
        assertThat(body.toString()).doesNotContain(PASSWORD).doesNotContain("$2a$").doesNotContain("$2b$")
                .doesNotContain("$2y$");
    }

    private static void collectFieldNames(JsonNode node, List<String> names) {
        if (node.isObject()) {
            for (Iterator<String> fields = node.fieldNames(); fields.hasNext(); ) {
                String name = fields.next();
                names.add(name);
                collectFieldNames(node.path(name), names);
            }
        } else if (node.isArray()) {
            node.forEach(child -> collectFieldNames(child, names));
        }
    }

    private static String uniqueEmail(String role) {
        return role + "-" + UUID.randomUUID() + "@example.com";
    }

    private static String newUser(String email, String password, String role) {
        return "{\"email\":\"" + email + "\",\"password\":\"" + password + "\",\"role\":\"" + role + "\"}";
    }

    private static String signInJson(String email, String password) {
        return "{\"email\":\"" + email + "\",\"password\":\"" + password + "\"}";
    }
}
