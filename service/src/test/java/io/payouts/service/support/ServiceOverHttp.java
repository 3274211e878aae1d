package io.payouts.service.support;

import io.payouts.PayoutServiceApplication;
import io.payouts.testsupport.ApplicationTest;
import org.springframework.boot.test.autoconfigure.actuate.observability.AutoConfigureObservability;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The whole service on a random port against real PostgreSQL, with a known owner, as the HTTP-level tests see it;
 * the database is the subclass's to choose ({@link HttpIntegrationTest} shares one). Rate limits are raised so that
 * only the rate-limit tests meet them. The simulated rail runs with 2 s delays, so payouts move on by themselves: a
 * standard one is queued at once (ADR-0012).
 * Webhooks may target the tests' plain-http loopback receivers and retry after 200 ms (ADR-0014). The automatic
 * KYC verification of sandbox drivers is put off for an hour, so a new driver stays pending until a test verifies
 * or rejects it; the sandbox tests (ADR-0015) run their own application to watch it happen. Operators scrape with
 * a known token, metrics are exported to Prometheus as in production, and the sampled gauges are fresh within
 * 200 ms (ADR-0022).
 */
@ApplicationTest
@SpringBootTest(classes = PayoutServiceApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
                "payouts.owner.email=" + ServiceOverHttp.OWNER_EMAIL,
                "payouts.owner.password=" + ServiceOverHttp.OWNER_PASSWORD,
                "payouts.rate-limit.capacity=1000000",
                "payouts.rate-limit.refill-per-minute=1000000",
                "payouts.rail.standard-delay=2s",
                "payouts.rail.instant-delay=2s",
                "payouts.rail.poll-interval=100ms",
                "payouts.webhooks.allow-insecure-targets=true",
                "payouts.webhooks.retry-initial-delay=200ms",
                "payouts.webhooks.poll-interval=100ms",
                "payouts.webhooks.inbound-secret=" + ServiceOverHttp.INBOUND_SECRET,
                "payouts.sandbox.kyc-verification-delay=1h",
                "payouts.management.token=" + ServiceOverHttp.MANAGEMENT_TOKEN,
                "payouts.management.sample-interval=200ms",
                "payouts.funding.shortfall-check-interval=200ms"})
@Import(MutableClock.Config.class)
@AutoConfigureObservability(tracing = false)
public abstract class ServiceOverHttp {

    public static final String OWNER_EMAIL = "owner@test.example";
    public static final String OWNER_PASSWORD = "correct horse battery staple";
    public static final String INBOUND_SECRET = "whsec_inbound_test_secret";
    public static final String MANAGEMENT_TOKEN = "operator-test-token";

    private static final Map<Integer, String> SANDBOX_KEYS = new ConcurrentHashMap<>();

    @LocalServerPort
    private int port;

    /** A client with a sandbox API key holding every scope. */
    protected Api api() {
        String key = SANDBOX_KEYS.computeIfAbsent(port, ignored -> owner().createKey("sandbox", Api.ALL_SCOPES)
                .body().path("key").asText());
        return anonymous().withBearer(key);
    }

    /** A client without credentials. */
    protected Api anonymous() {
        return new Api("http://localhost:" + port);
    }

    /** A client signed in as the owner (a session, for developer and admin endpoints). */
    protected Api owner() {
        return anonymous().signedIn(OWNER_EMAIL, OWNER_PASSWORD);
    }

    /** A client with a new production key holding every scope, approved by the owner. */
    protected Api productionKey() {
        String id = owner().createKey("production", Api.ALL_SCOPES).body().path("id").asText();
        Api.Response approved = owner().post("/api/v1/admin/api-keys/" + id + "/approve", null);
        assertThat(approved.status()).as("approving: %s", approved).isEqualTo(200);
        return anonymous().withBearer(approved.body().path("key").asText());
    }
}
