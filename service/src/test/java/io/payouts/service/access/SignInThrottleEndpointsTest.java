package io.payouts.service.access;

import io.micrometer.core.instrument.MeterRegistry;
import io.payouts.service.support.Api;
import io.payouts.service.support.HttpIntegrationTest;
import io.payouts.service.support.MutableClock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.time.Duration;
import java.time.Instant;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Repeated wrong passwords for one account (ADR-0041): after 5 failures within 15 minutes every further try waits a
 * growing delay, after 10 the account is locked for 15 minutes, even for the right password; the answer is the
 * envelope's 429 RATE_LIMITED with Retry-After. A successful sign-in starts the count again.
 */
class SignInThrottleEndpointsTest extends HttpIntegrationTest {

    private static final String PASSWORD = "a developer's own password";
    private static final String WRONG = "not the password";

    @Autowired
    private MutableClock clock;

    @Autowired
    private MeterRegistry meters;

    @AfterEach
    void putTheClockBack() {
        clock.reset();
    }

    @Test
    void slowsAnAccountDownAfterFiveFailuresAndLocksItAfterTenEvenForTheRightPassword() {
        String email = newUser();
        double locksBefore = locks();
        for (int failure = 1; failure <= 5; failure++) {
            assertThat(signIn(email, WRONG).status()).as("failure %d", failure).isEqualTo(401);
        }

        Api.Response slowed = signIn(email, PASSWORD);

        assertThat(slowed.status()).isEqualTo(429);
        assertThat(slowed.error().path("code").asText()).isEqualTo("RATE_LIMITED");
        assertThat(slowed.error().path("message").asText()).contains("too many failed sign-ins");
        assertThat(slowed.header("Retry-After")).isEqualTo("1");
        assertThat(slowed.error().path("details").path("retryAfter").asText()).isEqualTo("1");
        long delay = 1;
        for (int failure = 6; failure <= 9; failure++) {
            clock.advance(Duration.ofSeconds(delay));
            assertThat(signIn(email, WRONG).status()).as("failure %d", failure).isEqualTo(401);
            delay *= 2;
            assertThat(signIn(email, WRONG).header("Retry-After")).as("the delay after failure %d", failure)
                    .isEqualTo(String.valueOf(delay));
        }
        clock.advance(Duration.ofSeconds(delay));
        assertThat(signIn(email, WRONG).status()).as("failure 10").isEqualTo(401);

        Api.Response locked = signIn(email, PASSWORD);

        assertThat(locked.status()).isEqualTo(429);
        assertThat(locked.error().path("message").asText()).contains("locked until");
        Instant lockedUntil = Instant.parse(locked.error().path("details").path("lockedUntil").asText());
        assertThat(lockedUntil).isBetween(clock.instant().plus(Duration.ofMinutes(14)),
                clock.instant().plus(Duration.ofMinutes(15)));
        assertThat(Long.parseLong(locked.header("Retry-After"))).isBetween(14 * 60L, 15 * 60L);
        assertThat(locks()).isEqualTo(locksBefore + 1);

        clock.advance(Duration.ofMinutes(15));
        assertThat(signIn(email, PASSWORD).status()).as("after the lock").isEqualTo(200);
    }

    @Test
    void aSuccessfulSignInStartsTheCountAgain() {
        String email = newUser();
        for (int failure = 1; failure <= 4; failure++) {
            assertThat(signIn(email, WRONG).status()).isEqualTo(401);
        }
        assertThat(signIn(email, PASSWORD).status()).isEqualTo(200);

        for (int failure = 1; failure <= 5; failure++) {
            assertThat(signIn(email, WRONG).status()).as("failure %d after the success", failure).isEqualTo(401);
        }
        assertThat(signIn(email, PASSWORD).status()).as("the sixth try").isEqualTo(429);
    }

    @Test
    void slowsOneAccountWithoutSlowingAnother() {
        String guessed = newUser();
        String other = newUser();
        for (int failure = 1; failure <= 5; failure++) {
            signIn(guessed, WRONG);
        }

        assertThat(signIn(guessed, PASSWORD).status()).isEqualTo(429);
        assertThat(signIn(other, PASSWORD).status()).isEqualTo(200);
    }

    @Test
    void answersAnUnknownEmailAsItAnswersAKnownOneSoGuessesLearnNothing() {
        String unknown = "nobody-" + UUID.randomUUID() + "@example.com";
        for (int failure = 1; failure <= 5; failure++) {
            assertThat(signIn(unknown, WRONG).status()).isEqualTo(401);
        }

        assertThat(signIn(unknown, WRONG).status()).isEqualTo(429);
    }

    @Test
    void refusesTheConsoleSessionInTheSameEnvelope() {
        String email = newUser();
        for (int failure = 1; failure <= 5; failure++) {
            signIn(email, WRONG);
        }

        Api.Response refused = anonymous().post("/api/v1/auth/console-session",
                "{\"email\":\"%s\",\"password\":\"%s\"}".formatted(email, PASSWORD));

        assertThat(refused.status()).isEqualTo(429);
        assertThat(refused.body().path("success").asBoolean()).isFalse();
        assertThat(refused.error().path("code").asText()).isEqualTo("RATE_LIMITED");
        assertThat(refused.header("Retry-After")).isNotBlank();
    }

    private String newUser() {
        String email = "throttle-" + UUID.randomUUID() + "@example.com";
        Api.Response added = owner().post("/api/v1/admin/users", """
                {"email":"%s","password":"%s","role":"developer"}""".formatted(email, PASSWORD));
        assertThat(added.status()).as("adding a user: %s", added).isEqualTo(200);
        return email;
    }

    private Api.Response signIn(String email, String password) {
        return anonymous().post("/api/v1/auth/sessions",
                "{\"email\":\"%s\",\"password\":\"%s\"}".formatted(email, password));
    }

    private double locks() {
        var counter = meters.find("payouts.sign_in.locks").counter();
        return counter == null ? 0 : counter.count();
    }
}
