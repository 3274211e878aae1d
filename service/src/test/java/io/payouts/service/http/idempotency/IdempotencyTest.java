package io.payouts.service.http.idempotency;

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
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.StreamSupport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** Idempotency-Key on POSTs, over HTTP against real PostgreSQL (ADR-0010). */
class IdempotencyTest extends HttpIntegrationTest {

    private static final String DRIVERS = "/api/v1/drivers";
    private static final String REPLAYED = "Idempotent-Replayed";

    @Autowired
    private MutableClock clock;

    @Autowired
    private JdbcTemplate jdbc;

    @AfterEach
    void putTheClockBack() {
        clock.reset();
    }

    @Test
    void repeatsTheFirstResponseForTheSameKeyAndBodyWithoutRegisteringAgain() {
        String key = newKey();
        String svcDriverId = Api.uniqueSvcDriverId();

        Api.Response first = withKey(api(), key).post(DRIVERS, Api.driverJson(svcDriverId));
        Api.Response second = withKey(api(), key).post(DRIVERS, Api.driverJson(svcDriverId));

        assertThat(first.status()).isEqualTo(200);
        assertThat(first.header(REPLAYED)).isNull();
        assertThat(second.status()).isEqualTo(200);
        assertThat(second.header(REPLAYED)).isEqualTo("true");
        assertThat(second.body()).isEqualTo(first.body());
        assertThat(second.header("Content-Type")).isEqualTo(first.header("Content-Type"));
        assertThat(second.header("X-Request-Id")).isNotEqualTo(first.header("X-Request-Id"));
        assertThat(driversWith(svcDriverId)).containsExactly(first.data().path("id").asText());
        assertThat(api().post(DRIVERS, Api.driverJson(svcDriverId)).status())
                .as("the svcDriverId is taken once, by the first request").isEqualTo(409);
    }

    @Test
    void refusesTheSameKeyWithAnotherBody() {
        String key = newKey();
        String svcDriverId = Api.uniqueSvcDriverId();
        withKey(api(), key).post(DRIVERS, Api.driverJson(Api.uniqueSvcDriverId()));

        Api.Response other = withKey(api(), key).post(DRIVERS, Api.driverJson(svcDriverId));

        assertThat(other.status()).isEqualTo(409);
        assertThat(other.error().path("code").asText()).isEqualTo("IDEMPOTENCY_CONFLICT");
        assertThat(other.error().path("details").path("Idempotency-Key").asText())
                .isEqualTo("was used with a different request body");
        assertThat(driversWith(svcDriverId)).isEmpty();
    }

    @Test
    void forgetsAValidationFailureSoACorrectedRetryMayUseTheKey() {
        String key = newKey();
        String svcDriverId = Api.uniqueSvcDriverId();

        Api.Response invalid = withKey(api(), key).post(DRIVERS,
                Api.driverJson(svcDriverId).replace("+14155550123", "not a phone"));
        Api.Response corrected = withKey(api(), key).post(DRIVERS, Api.driverJson(svcDriverId));

        assertThat(invalid.status()).isEqualTo(400);
        assertThat(invalid.error().path("code").asText()).isEqualTo("VALIDATION_ERROR");
        assertThat(corrected.status()).isEqualTo(200);
        assertThat(corrected.header(REPLAYED)).isNull();
        assertThat(driversWith(svcDriverId)).containsExactly(corrected.data().path("id").asText());
    }

    @Test
    void keepsABusinessRefusalAndRepeatsIt() {
        String key = newKey();
        String svcDriverId = Api.uniqueSvcDriverId();
        api().post(DRIVERS, Api.driverJson(svcDriverId));

        Api.Response refused = withKey(api(), key).post(DRIVERS, Api.driverJson(svcDriverId));
        Api.Response repeated = withKey(api(), key).post(DRIVERS, Api.driverJson(svcDriverId));

        assertThat(refused.status()).isEqualTo(409);
        assertThat(refused.error().path("code").asText()).isEqualTo("CONFLICT");
        assertThat(repeated.status()).isEqualTo(409);
        assertThat(repeated.header(REPLAYED)).isEqualTo("true");
        assertThat(repeated.body()).as("the stored response, with the first request's meta")
                .isEqualTo(refused.body());
    }

    @Test
    void theSameKeyOfTwoCallersIsTwoKeys() {
        String key = newKey();
        Api alice = anonymous().withBearer(owner().createKey("sandbox", Api.ALL_SCOPES).body().path("key").asText());
        Api bob = anonymous().withBearer(owner().createKey("sandbox", Api.ALL_SCOPES).body().path("key").asText());

        Api.Response alices = withKey(alice, key).post(DRIVERS, Api.driverJson(Api.uniqueSvcDriverId()));
        Api.Response bobs = withKey(bob, key).post(DRIVERS, Api.driverJson(Api.uniqueSvcDriverId()));

        assertThat(alices.status()).isEqualTo(200);
        assertThat(bobs.status()).isEqualTo(200);
        assertThat(bobs.header(REPLAYED)).isNull();
        assertThat(bobs.data().path("id").asText()).isNotEqualTo(alices.data().path("id").asText());
    }

    @Test
    void theSameKeyOnTwoRoutesIsTwoKeys() {
        String key = newKey();
        String bulkDriver = Api.uniqueSvcDriverId();

        Api.Response single = withKey(api(), key).post(DRIVERS, Api.driverJson(Api.uniqueSvcDriverId()));
        Api.Response bulk = withKey(api(), key).post(DRIVERS + "/bulk",
                "{\"drivers\":[" + Api.driverJson(bulkDriver) + "]}");

        assertThat(single.status()).isEqualTo(200);
        assertThat(bulk.status()).isEqualTo(200);
        assertThat(bulk.header(REPLAYED)).isNull();
        assertThat(bulk.data().path("succeeded").asInt()).isEqualTo(1);
        assertThat(driversWith(bulkDriver)).hasSize(1);
    }

    @Test
    void refusesAMalformedKeyNamingTheHeaderAndDoesNothing() {
        String svcDriverId = Api.uniqueSvcDriverId();

        Api.Response tooLong = withKey(api(), "k".repeat(300)).post(DRIVERS, Api.driverJson(svcDriverId));
        Api.Response withSpace = withKey(api(), "two words").post(DRIVERS, Api.driverJson(svcDriverId));

        for (Api.Response response : List.of(tooLong, withSpace)) {
            assertThat(response.status()).isEqualTo(400);
            assertThat(response.error().path("code").asText()).isEqualTo("VALIDATION_ERROR");
            assertThat(response.error().path("details").path("Idempotency-Key").asText())
                    .isEqualTo("must be 1 to 255 printable ASCII characters without spaces");
        }
        assertThat(driversWith(svcDriverId)).isEmpty();
    }

    @Test
    void acceptsAKeyOfTwoHundredFiftyFiveCharacters() {
        Api.Response response = withKey(api(), "k".repeat(255)).post(DRIVERS, Api.driverJson(Api.uniqueSvcDriverId()));

        assertThat(response.status()).isEqualTo(200);
    }

    @Test
    void aKeyMayServeANewRequestAfterTwentyFourHours() {
        String key = newKey();
        String later = Api.uniqueSvcDriverId();
        withKey(api(), key).post(DRIVERS, Api.driverJson(Api.uniqueSvcDriverId()));

        clock.advance(Duration.ofHours(24).plusSeconds(1));
        Api.Response reused = withKey(api(), key).post(DRIVERS, Api.driverJson(later));

        assertThat(reused.status()).isEqualTo(200);
        assertThat(reused.header(REPLAYED)).isNull();
        assertThat(reused.data().path("svcDriverId").asText()).isEqualTo(later);
    }

    @Test
    void aKeyStillRepeatsItsResponseJustBeforeTwentyFourHours() {
        String key = newKey();
        String svcDriverId = Api.uniqueSvcDriverId();
        Api.Response first = withKey(api(), key).post(DRIVERS, Api.driverJson(svcDriverId));

        clock.advance(Duration.ofHours(24).minusSeconds(30));
        Api.Response repeated = withKey(api(), key).post(DRIVERS, Api.driverJson(svcDriverId));

        assertThat(repeated.header(REPLAYED)).isEqualTo("true");
        assertThat(repeated.body()).isEqualTo(first.body());
    }

    @Test
    void requestsWithoutTheHeaderAreUntouched() {
        String svcDriverId = Api.uniqueSvcDriverId();

        Api.Response first = api().post(DRIVERS, Api.driverJson(svcDriverId));
        Api.Response second = api().post(DRIVERS, Api.driverJson(svcDriverId));

        assertThat(first.status()).isEqualTo(200);
        assertThat(second.status()).isEqualTo(409);
        assertThat(second.error().path("code").asText()).isEqualTo("CONFLICT");
        assertThat(second.header(REPLAYED)).isNull();
    }

    @Test
    void ignoresTheHeaderOnOtherMethodsAndForUnauthenticatedRequests() {
        String malformed = "k".repeat(300);

        Api.Response get = withKey(api(), malformed).get(DRIVERS);
        Api.Response anonymousPost = withKey(anonymous(), malformed).post(DRIVERS,
                Api.driverJson(Api.uniqueSvcDriverId()));

        assertThat(get.status()).isEqualTo(200);
        assertThat(anonymousPost.status()).isEqualTo(401);
    }

    @Test
    void concurrentRequestsWithOneKeyExecuteOnce() throws Exception {
        String key = newKey();
        String svcDriverId = Api.uniqueSvcDriverId();
        int clients = 10;
        List<Api> apis = new ArrayList<>();
        for (int i = 0; i < clients; i++) {
            apis.add(withKey(api(), key));
        }
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        try {
            List<Future<Api.Response>> responses = new ArrayList<>();
            for (Api client : apis) {
                responses.add(pool.submit(() -> {
                    start.await();
                    return client.post(DRIVERS, Api.driverJson(svcDriverId));
                }));
            }
            start.countDown();

            List<String> ids = new ArrayList<>();
            for (Future<Api.Response> response : responses) {
                Api.Response answer = response.get(30, TimeUnit.SECONDS);
                assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
                ids.add(answer.data().path("id").asText());
            }
            assertThat(ids).containsOnly(ids.get(0));
            assertThat(driversWith(svcDriverId)).containsExactly(ids.get(0));
            assertThat(api().post(DRIVERS, Api.driverJson(svcDriverId)).status()).isEqualTo(409);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aRepeatWaitsForTheFirstRequestToFinishAndThenRepeatsIt() {
        String key = newKey();
        String svcDriverId = Api.uniqueSvcDriverId();
        Api.Response first = withKey(api(), key).post(DRIVERS, Api.driverJson(svcDriverId));
        setState(key, "in_progress");

        CompletableFuture<Api.Response> repeat = CompletableFuture.supplyAsync(
                () -> withKey(api(), key).post(DRIVERS, Api.driverJson(svcDriverId)));

        await().during(Duration.ofMillis(500)).atMost(Duration.ofSeconds(5)).until(() -> !repeat.isDone());
        setState(key, "completed");
        Api.Response repeated = repeat.orTimeout(10, TimeUnit.SECONDS).join();
        assertThat(repeated.status()).isEqualTo(200);
        assertThat(repeated.header(REPLAYED)).isEqualTo("true");
        assertThat(repeated.body()).isEqualTo(first.body());
    }

    @Test
    void refusesARepeatOfAFirstRequestThatDiedMidFlightInsteadOfRunningItAgain() {
        String key = newKey();
        String svcDriverId = Api.uniqueSvcDriverId();
        withKey(api(), key).post(DRIVERS, Api.driverJson(svcDriverId));
        setState(key, "in_progress");
        assertThat(jdbc.update("update idempotency_record set created_at = created_at - interval '61 seconds' "
                + "where idempotency_key = ?", key)).isEqualTo(1);

        long started = System.nanoTime();
        Api.Response repeat = withKey(api(), key).post(DRIVERS, Api.driverJson(svcDriverId));

        assertThat(Duration.ofNanos(System.nanoTime() - started)).as("refused without waiting")
                .isLessThan(Duration.ofSeconds(5));
        assertThat(repeat.status()).isEqualTo(409);
        assertThat(repeat.error().path("code").asText()).isEqualTo("IDEMPOTENCY_CONFLICT");
        assertThat(repeat.error().path("message").asText()).contains("outcome is unknown");
        assertThat(repeat.error().path("details").path("Idempotency-Key").asText())
                .isEqualTo("the first request with this key has not finished");
    }

    @Test
    void refusesAnotherBodyAtOnceWhileTheFirstRequestIsRunning() {
        String key = newKey();
        withKey(api(), key).post(DRIVERS, Api.driverJson(Api.uniqueSvcDriverId()));
        setState(key, "in_progress");

        long started = System.nanoTime();
        Api.Response other = withKey(api(), key).post(DRIVERS, Api.driverJson(Api.uniqueSvcDriverId()));

        assertThat(other.status()).isEqualTo(409);
        assertThat(other.error().path("details").path("Idempotency-Key").asText())
                .isEqualTo("was used with a different request body");
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(5));
    }

    @Test
    void keepsStoredRequestsAndResponsesUnreadable() {
        String key = newKey();
        String name = "idempotent key " + UUID.randomUUID();
        Api owner = owner();
        String body = "{\"name\":\"" + name + "\",\"mode\":\"sandbox\",\"scopes\":[\"drivers:read\"]}";

        Api.Response first = withKey(owner, key).post("/api/v1/developer/keys", body);
        Api.Response repeated = withKey(owner, key).post("/api/v1/developer/keys", body);

        String value = first.body().path("key").asText();
        assertThat(value).startsWith("svc_sbox_");
        assertThat(repeated.header(REPLAYED)).isEqualTo("true");
        assertThat(repeated.body().path("key").asText()).isEqualTo(value);
        JsonNode keys = owner.get("/api/v1/developer/keys").body().path("keys");
        assertThat(StreamSupport.stream(keys.spliterator(), false)
                .filter(k -> k.path("name").asText().equals(name))).hasSize(1);
        byte[] stored = jdbc.queryForObject("select response_body from idempotency_record where idempotency_key = ?",
                byte[].class, key);
        assertThat(new String(stored, StandardCharsets.ISO_8859_1)).doesNotContain(value).doesNotContain(name);
    }

    private static Api withKey(Api api, String key) {
        return api.header("Idempotency-Key", key);
    }

    private static String newKey() {
        return "idem-" + UUID.randomUUID();
    }

    /** Ids of the sandbox drivers registered with {@code svcDriverId}, among the newest hundred. */
    private List<String> driversWith(String svcDriverId) {
        JsonNode items = api().get(DRIVERS + "?pageSize=100").data().path("items");
        return StreamSupport.stream(items.spliterator(), false)
                .filter(driver -> driver.path("svcDriverId").asText().equals(svcDriverId))
                .map(driver -> driver.path("id").asText())
                .toList();
    }

    private void setState(String key, String state) {
        assertThat(jdbc.update("update idempotency_record set state = ? where idempotency_key = ?", state, key))
                .isEqualTo(1);
    }
}
