package io.payouts.service.sandbox;

import io.payouts.PayoutServiceApplication;
import io.payouts.service.support.Api;
import io.payouts.testsupport.ApplicationTest;
import io.payouts.testsupport.TestPostgres;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Base of the sandbox tests (ADR-0015): an application and database of their own, since resets clear the whole
 * sandbox, with automatic KYC verification after 300 ms and a short slow_response delay. Subclasses share it.
 */
@ApplicationTest
@SpringBootTest(classes = PayoutServiceApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
                "payouts.owner.email=" + SandboxIntegrationTest.OWNER_EMAIL,
                "payouts.owner.password=" + SandboxIntegrationTest.OWNER_PASSWORD,
                "payouts.rate-limit.capacity=1000000",
                "payouts.rate-limit.refill-per-minute=1000000",
                "payouts.rail.standard-delay=2s",
                "payouts.rail.instant-delay=2s",
                "payouts.rail.poll-interval=100ms",
                "payouts.sandbox.kyc-verification-delay=300ms",
                "payouts.sandbox.poll-interval=100ms",
                "payouts.webhooks.allow-insecure-targets=true",
                "payouts.sandbox.slow-response-delay=" + SandboxIntegrationTest.SLOW_RESPONSE_MILLIS + "ms"})
abstract class SandboxIntegrationTest {

    static final String OWNER_EMAIL = "owner@sandbox.test";
    static final String OWNER_PASSWORD = "sandbox test owner password";
    static final long SLOW_RESPONSE_MILLIS = 700;

    private static Api sandbox;
    private static Api production;

    @Autowired
    protected ConfigurableApplicationContext application;

    @DynamicPropertySource
    static void database(DynamicPropertyRegistry registry) {
        TestPostgres.useOwnDatabase(SandboxIntegrationTest.class, registry);
    }

    /** A sandbox key holding every scope. */
    protected synchronized Api sandbox() {
        if (sandbox == null) {
            sandbox = owner().withNewKey("sandbox", Api.ALL_SCOPES);
        }
        return sandbox.withBearer(bearerOf(sandbox));
    }

    /** An approved production key holding every scope. */
    protected synchronized Api production() {
        if (production == null) {
            String id = owner().createKey("production", Api.ALL_SCOPES).body().path("id").asText();
            Api.Response approved = owner().post("/api/v1/admin/api-keys/" + id + "/approve", null);
            assertThat(approved.status()).as("approving: %s", approved).isEqualTo(200);
            production = Api.of(application).withBearer(approved.body().path("key").asText());
        }
        return production.withBearer(bearerOf(production));
    }

    protected Api owner() {
        return Api.of(application).signedIn(OWNER_EMAIL, OWNER_PASSWORD);
    }

    /** A fresh client (no extra headers) with the same key. */
    private static String bearerOf(Api api) {
        return api.bearer();
    }
}
