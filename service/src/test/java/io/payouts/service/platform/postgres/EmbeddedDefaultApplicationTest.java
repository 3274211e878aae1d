package io.payouts.service.platform.postgres;

import com.fasterxml.jackson.databind.JsonNode;
import io.payouts.PayoutServiceApplication;
import io.payouts.service.support.Api;
import io.payouts.testsupport.ApplicationTest;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import java.io.IOException;
import java.net.Socket;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** With no datasource configured the service runs on its own PostgreSQL, keeps data across restarts, and stops it last. */
@ApplicationTest
class EmbeddedDefaultApplicationTest {

    @TempDir
    Path dataDir;

    @Test
    void runsOnTheEmbeddedDatabaseAndKeepsDataAcrossARestart() {
        String driverId;
        String svcDriverId;
        int postgresPort;
        try (ConfigurableApplicationContext first = start()) {
            postgresPort = first.getBean(EmbeddedPostgres.class).getPort();
            assertThat(Api.of(first).get("/health").status()).isEqualTo(200);
            JsonNode registered = Api.withSandboxKeyFor(first).registerDriver();
            driverId = registered.path("id").asText();
            svcDriverId = registered.path("svcDriverId").asText();
        }
        assertThat(accepts(postgresPort)).as("PostgreSQL stops with the service").isFalse();

        try (ConfigurableApplicationContext second = start()) {
            Api.Response read = Api.withSandboxKeyFor(second).get("/api/v1/drivers/" + driverId);
            assertThat(read.status()).isEqualTo(200);
            // the sandbox may have verified the driver's KYC meanwhile (ADR-0015), so its status is not compared
            assertThat(read.data().path("svcDriverId").asText()).isEqualTo(svcDriverId);
        }
    }

    private ConfigurableApplicationContext start() {
        return new SpringApplicationBuilder(PayoutServiceApplication.class)
                .run("--server.port=0", "--payouts.embedded-postgres.data-dir=" + dataDir,
                        "--payouts.owner.email=owner@test.example", "--payouts.owner.password=embedded test owner");
    }

    private static boolean accepts(int port) {
        try (Socket ignored = new Socket("localhost", port)) {
            return true;
        } catch (IOException refused) {
            return false;
        }
    }
}
