package io.payouts.service.postgres;

import io.payouts.PayoutServiceApplication;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import java.io.IOException;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/** With no datasource configured the service runs on its own PostgreSQL, keeps data across restarts, and stops it last. */
class EmbeddedDefaultApplicationTest {

    private static final Pattern DRIVER_ID = Pattern.compile("\"id\":\"(drv_[0-9a-f]{32})\"");

    private final HttpClient http = HttpClient.newHttpClient();

    @TempDir
    Path dataDir;

    @Test
    void runsOnTheEmbeddedDatabaseAndKeepsDataAcrossARestart() throws Exception {
        String driverId;
        int postgresPort;
        try (ConfigurableApplicationContext first = start()) {
            postgresPort = first.getBean(EmbeddedPostgres.class).getPort();
            assertThat(send(first, "GET", "/health", null).statusCode()).isEqualTo(200);
            HttpResponse<String> created = send(first, "POST", "/api/v1/drivers", """
                    {"svcDriverId":"ext-embedded","name":"Ana Diaz","email":"ana@example.com","phone":"+14155550123"}""");
            assertThat(created.statusCode()).as(created.body()).isEqualTo(200);
            Matcher id = DRIVER_ID.matcher(created.body());
            assertThat(id.find()).isTrue();
            driverId = id.group(1);
        }
        assertThat(accepts(postgresPort)).as("PostgreSQL stops with the service").isFalse();

        try (ConfigurableApplicationContext second = start()) {
            HttpResponse<String> read = send(second, "GET", "/api/v1/drivers/" + driverId, null);
            assertThat(read.statusCode()).isEqualTo(200);
            assertThat(read.body()).contains("ext-embedded");
        }
    }

    private ConfigurableApplicationContext start() {
        return new SpringApplicationBuilder(PayoutServiceApplication.class)
                .run("--server.port=0", "--payouts.embedded-postgres.data-dir=" + dataDir);
    }

    private HttpResponse<String> send(ConfigurableApplicationContext context, String method, String path, String body)
            throws Exception {
        URI uri = URI.create("http://localhost:" + context.getEnvironment().getProperty("local.server.port") + path);
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).header("Content-Type", "application/json")
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static boolean accepts(int port) {
        try (Socket ignored = new Socket("localhost", port)) {
            return true;
        } catch (IOException refused) {
            return false;
        }
    }
}
