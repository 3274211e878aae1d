package io.payouts.service.console;

import io.payouts.service.support.Api;

import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** New users with the developer role, added by an owner, for the console's tests. */
final class Developers {

    static final String PASSWORD = "developer password";

    private Developers() {
    }

    /** Adds a developer with a fresh e-mail and {@link #PASSWORD}; returns the e-mail. */
    static String add(Api owner) {
        String email = "console-dev-" + UUID.randomUUID() + "@example.com";
        Api.Response added = owner.post("/api/v1/admin/users", """
                {"email":"%s","password":"%s","role":"developer"}""".formatted(email, PASSWORD));
        assertThat(added.status()).as("adding a developer: %s", added).isEqualTo(200);
        return email;
    }
}
