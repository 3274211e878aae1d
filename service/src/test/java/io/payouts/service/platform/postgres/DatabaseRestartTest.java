package io.payouts.service.platform.postgres;

import io.payouts.PayoutServiceApplication;
import io.payouts.service.support.Api;
import io.payouts.testsupport.ApplicationTest;
import io.payouts.service.support.WalletInvariant;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The database restarts while eight clients pay. Requests it cuts answer 503 UNAVAILABLE with
 * Retry-After, never 500; the service answers again by itself once the database is back; every payout answered 200
 * exists afterwards, and the money adds up.
 */
@ApplicationTest
class DatabaseRestartTest {

    private static final int CLIENTS = 8;

    @Test
    void aDatabaseRestartUnderLoadIsA503AndLosesNothingAcknowledged(@TempDir Path data) throws Exception {
        int port = freePort();
        EmbeddedPostgres postgres = postgres(data, port);
        try (ConfigurableApplicationContext service = start(port)) {
            Api api = Api.withSandboxKeyFor(service);
            assertThat(api.post("/api/v1/funding/topup", "{\"amount\":10000000,\"method\":\"bank_transfer\"}")
                    .status()).isEqualTo(200);
            List<String> drivers = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                String driver = api.registerDriver().path("id").asText();
                assertThat(api.post("/api/v1/drivers/" + driver + "/kyc", "{\"outcome\":\"verified\"}").status())
                        .isEqualTo(200);
                drivers.add(driver);
            }
            await().atMost(Duration.ofSeconds(20)).until(() ->
                    api.get("/api/v1/balance").data().path("available").asLong() == 10_000_000);

            Map<Integer, Integer> statuses = new ConcurrentHashMap<>();
            Set<String> acknowledged = ConcurrentHashMap.newKeySet();
            Set<String> missingRetryAfter = ConcurrentHashMap.newKeySet();
            AtomicBoolean paying = new AtomicBoolean(true);
            ExecutorService clients = Executors.newFixedThreadPool(CLIENTS);
            for (int client = 0; client < CLIENTS; client++) {
                String driver = drivers.get(client % drivers.size());
                clients.submit(() -> {
                    while (paying.get()) {
                        Api.Response response = api.post("/api/v1/payouts",
                                "{\"driverId\":\"%s\",\"amount\":100}".formatted(driver));
                        statuses.merge(response.status(), 1, Integer::sum);
                        if (response.status() == 200) {
                            acknowledged.add(response.data().path("id").asText());
                        } else if (response.status() == 503 && response.header("Retry-After") == null) {
                            missingRetryAfter.add(response.toString());
                        }
                    }
                    return null;
                });
            }
            await().atMost(Duration.ofSeconds(30)).until(() -> acknowledged.size() >= 20);

            postgres.close();
            postgres = postgres(data, port);
            int acknowledgedAtRestart = acknowledged.size();
            await("the service answers again without a restart of its own").atMost(Duration.ofSeconds(60))
                    .until(() -> acknowledged.size() >= acknowledgedAtRestart + 20);
            paying.set(false);
            clients.shutdown();
            assertThat(clients.awaitTermination(60, TimeUnit.SECONDS)).isTrue();

            assertThat(statuses.keySet()).as("answers: %s", statuses).doesNotContain(500);
            assertThat(statuses.keySet()).as("answers: %s", statuses).isSubsetOf(200, 503);
            assertThat(missingRetryAfter).isEmpty();
            for (String payout : acknowledged) {
                assertThat(api.get("/api/v1/payouts/" + payout).status()).as(payout).isEqualTo(200);
            }
            WalletInvariant.assertHoldsOnceSettled(api);
        } finally {
            postgres.close();
        }
    }

    private static ConfigurableApplicationContext start(int port) {
        return new SpringApplicationBuilder(PayoutServiceApplication.class).run(
                "--spring.datasource.url=jdbc:postgresql://localhost:" + port + "/postgres",
                "--spring.datasource.username=postgres", "--spring.datasource.password=postgres",
                "--server.port=0", "--payouts.owner.email=owner@test.example",
                "--payouts.owner.password=database restart owner",
                "--payouts.rate-limit.capacity=1000000", "--payouts.rate-limit.refill-per-minute=1000000",
                "--payouts.rail.standard-delay=1s", "--payouts.rail.instant-delay=1s",
                "--payouts.rail.poll-interval=100ms");
    }

    /** A PostgreSQL of this test's own, on a fixed port and data directory, so it can stop and start again. */
    private static EmbeddedPostgres postgres(Path data, int port) throws IOException {
        return EmbeddedPostgres.builder().setDataDirectory(data).setCleanDataDirectory(false).setPort(port).start();
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
