package io.payouts.service.restart;

import io.payouts.PayoutServiceApplication;
import io.payouts.service.support.Api;
import io.payouts.testsupport.ApplicationTest;
import io.payouts.testsupport.TestPostgres;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * An instance stopped under load cuts off no request: what a client sends on a connection it holds open
 * is answered, with {@code Connection: close}, while new connections are refused, so a load balancer sends them
 * elsewhere; a request in flight finishes, its command included, before Axon stops.
 */
@ApplicationTest
class GracefulStopTest {

    @Test
    void aStoppingInstanceAnswersWhatArrivesOnOpenConnectionsAndFinishesWhatIsInFlight() throws Exception {
        TestPostgres.TestDatabase database = TestPostgres.newDatabase();
        ConfigurableApplicationContext application = new SpringApplicationBuilder(PayoutServiceApplication.class)
                .run(database.asArguments("--server.port=0", "--payouts.owner.email=owner@test.example",
                        "--payouts.owner.password=graceful stop test owner",
                        "--payouts.sandbox.slow-response-delay=3s", "--payouts.shutdown.drain=10s"));
        int port = Integer.parseInt(application.getEnvironment().getProperty("local.server.port"));
        String key = Api.withSandboxKeyFor(application).bearer();
        Thread stopping = new Thread(application::close, "stopping");
        try (KeptAlive held = new KeptAlive(port); KeptAlive slow = new KeptAlive(port)) {
            Answer before = held.send("GET", "/health", Map.of(), null);
            assertThat(before.status()).isEqualTo(200);
            assertThat(before.closes()).isFalse();
            assertThat(slow.send("GET", "/health", Map.of(), null).status()).isEqualTo(200);
            // sent before the stop, answered 3 s later; its command is sent after the stop began
            slow.write("POST", "/api/v1/drivers", Map.of("Authorization", "Bearer " + key,
                    "X-Sandbox-Scenario", "slow_response", "Content-Type", "application/json"),
                    Api.driverJson(Api.uniqueSvcDriverId()));
            CompletableFuture<Answer> inFlight = CompletableFuture.supplyAsync(slow::readUnchecked);

            stopping.start();
            // requests keep arriving, as under load, until new connections are refused
            await().pollDelay(Duration.ZERO).pollInterval(Duration.ofMillis(20)).atMost(Duration.ofSeconds(30))
                    .until(() -> refusesNewConnections(port));
            Answer afterStopBegan = held.send("GET", "/management/health/readiness", Map.of(), null);

            assertThat(afterStopBegan.status()).as("answered, and out of service for a load balancer's probe: %s",
                    afterStopBegan).isEqualTo(503);
            assertThat(afterStopBegan.closes()).as("Connection: close").isTrue();
            Answer registered = inFlight.get(30, TimeUnit.SECONDS);
            assertThat(registered.status()).as("in flight when the stop began: %s", registered).isEqualTo(200);
        } finally {
            stopping.join(TimeUnit.SECONDS.toMillis(60));
        }
        assertThat(stopping.isAlive()).isFalse();
        assertThat(application.isActive()).isFalse();
    }

    /** A new connection is refused, or accepted and not answered while the server socket closes. */
    private static boolean refusesNewConnections(int port) {
        try (KeptAlive fresh = new KeptAlive(port)) {
            fresh.send("GET", "/health", Map.of(), null);
            return false;
        } catch (ConnectException refused) {
            return true;
        } catch (IOException closing) {
            return false;
        }
    }

    private record Answer(int status, Map<String, String> headers, String body) {

        boolean closes() {
            return "close".equalsIgnoreCase(headers.get("connection"));
        }
    }

    /** HTTP/1.1 on one socket the client keeps open between requests. */
    private static final class KeptAlive implements AutoCloseable {

        private final Socket socket = new Socket();
        private final InputStream in;
        private final OutputStream out;

        KeptAlive(int port) throws IOException {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 2_000);
            socket.setSoTimeout(30_000);
            in = new BufferedInputStream(socket.getInputStream());
            out = socket.getOutputStream();
        }

        Answer send(String method, String path, Map<String, String> headers, String body) throws IOException {
            write(method, path, headers, body);
            return read();
        }

        void write(String method, String path, Map<String, String> headers, String body) throws IOException {
            byte[] content = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
            StringBuilder request = new StringBuilder(method).append(' ').append(path)
                    .append(" HTTP/1.1\r\nHost: 127.0.0.1\r\n");
            headers.forEach((name, value) -> request.append(name).append(": ").append(value).append("\r\n"));
            if (body != null) {
                request.append("Content-Length: ").append(content.length).append("\r\n");
            }
            out.write(request.append("\r\n").toString().getBytes(StandardCharsets.US_ASCII));
            out.write(content);
            out.flush();
        }

        Answer readUnchecked() {
            try {
                return read();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        Answer read() throws IOException {
            String status = line();
            Map<String, String> headers = new HashMap<>();
            for (String header = line(); !header.isEmpty(); header = line()) {
                int colon = header.indexOf(':');
                headers.put(header.substring(0, colon).trim().toLowerCase(Locale.ROOT),
                        header.substring(colon + 1).trim());
            }
            byte[] body;
            if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
                ByteArrayOutputStream chunks = new ByteArrayOutputStream();
                for (int size = Integer.parseInt(line().split(";")[0].trim(), 16); size > 0;
                     size = Integer.parseInt(line().split(";")[0].trim(), 16)) {
                    chunks.write(in.readNBytes(size));
                    line();
                }
                line();
                body = chunks.toByteArray();
            } else if (headers.containsKey("content-length")) {
                body = in.readNBytes(Integer.parseInt(headers.get("content-length")));
            } else {
                body = in.readAllBytes();
            }
            return new Answer(Integer.parseInt(status.substring(9, 12)), headers,
                    new String(body, StandardCharsets.UTF_8));
        }

        private String line() throws IOException {
            StringBuilder line = new StringBuilder();
            for (int c = in.read(); c != '\n'; c = in.read()) {
                if (c < 0) {
                    throw new IOException("connection closed with no answer");
                }
                if (c != '\r') {
                    line.append((char) c);
                }
            }
            return line.toString();
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }
}
