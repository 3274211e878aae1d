package io.payouts.service.http.ratelimit;

import com.fasterxml.jackson.databind.JsonNode;
import io.payouts.PayoutServiceApplication;
import io.payouts.service.support.Api;
import io.payouts.service.support.ContextOfItsOwn;
import io.payouts.testsupport.ApplicationTest;
import io.payouts.testsupport.TestPostgres;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The rate limit over HTTP (ADR-0008), in a context of its own with a bucket of 5 that refills 1 per minute, so the
 * burst runs dry within the test. GET /health is unauthenticated, so its bucket is the client address's.
 */
@ApplicationTest
@ContextOfItsOwn
@SpringBootTest(classes = PayoutServiceApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"payouts.rate-limit.capacity=5", "payouts.rate-limit.refill-per-minute=1"})
class RateLimitTest {

    @Autowired
    private ConfigurableApplicationContext application;

    @DynamicPropertySource
    static void database(DynamicPropertyRegistry registry) {
        TestPostgres.useOwnDatabase(RateLimitTest.class, registry);
    }

    /** Requests whose credential is refused count against the client address too, and their 401 has the headers. */
    @Test
    void allowsABurstUpToCapacityThenAnswers429WithRetryAfter() {
        Api api = Api.of(application);
        Api badKey = api.withBearer("svc_sbox_" + "x".repeat(43));
        long startedAt = Instant.now().getEpochSecond();

        long previousReset = 0;
        for (int remaining = 4; remaining >= 0; remaining--) {
            boolean refusedCredential = remaining % 2 == 1;
            Api.Response response = refusedCredential ? badKey.get("/api/v1/drivers") : api.get("/health");
            assertThat(response.status()).as("request with %d left", remaining)
                    .isEqualTo(refusedCredential ? 401 : 200);
            assertThat(response.header("X-RateLimit-Limit")).isEqualTo("1");
            assertThat(response.header("X-RateLimit-Remaining")).isEqualTo(Long.toString(remaining));
            long reset = Long.parseLong(response.header("X-RateLimit-Reset"));
            assertThat(reset).isGreaterThan(startedAt).isGreaterThanOrEqualTo(previousReset);
            previousReset = reset;
        }

        Api.Response refused = api.header("X-Request-Id", "rate-limit-test").get("/health");
        assertThat(refused.status()).isEqualTo(429);
        assertThat(refused.header("X-RateLimit-Limit")).isEqualTo("1");
        assertThat(refused.header("X-RateLimit-Remaining")).isEqualTo("0");
        assertThat(Long.parseLong(refused.header("X-RateLimit-Reset"))).isGreaterThan(startedAt);
        long retryAfter = Long.parseLong(refused.header("Retry-After"));
        assertThat(retryAfter).isBetween(1L, 60L);
        assertThat(refused.header("X-Request-Id")).isEqualTo("rate-limit-test");

        JsonNode body = refused.body();
        assertThat(body.path("success").asBoolean(true)).isFalse();
        assertThat(refused.error().path("code").asText()).isEqualTo("RATE_LIMITED");
        assertThat(refused.error().path("message").asText()).contains("retry after " + retryAfter + " seconds");
        assertThat(refused.error().path("details").path("retryAfter").asText()).isEqualTo(Long.toString(retryAfter));
        assertThat(body.path("meta").path("requestId").asText()).isEqualTo("rate-limit-test");
    }
}
