import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The service jar on an embedded PostgreSQL whose data directory outlives the process, so that a drill can kill it
 * and start it again on the same data. Each start logs to a file of its own.
 */
final class Service {

    static final String OWNER_EMAIL = "drill-owner@payouts.local";
    static final String OWNER_PASSWORD = "drill owner password";
    static final String MANAGEMENT_TOKEN = "drill-operator-token";

    private final String jar;
    private final int port;
    private final Path dataDir;
    private final Path logs;
    private final Map<String, String> environment;
    private Process process;
    private int starts;

    Service(String jar, int port, Path dataDir, Path logs, Map<String, String> environment) {
        this.jar = jar;
        this.port = port;
        this.dataDir = dataDir;
        this.logs = logs;
        this.environment = environment;
    }

    String base() {
        return "http://localhost:" + port;
    }

    Path postgresData() {
        return dataDir.resolve("postgres");
    }

    /** Starts it and waits for /health; the seconds that took. */
    double start() throws Exception {
        long began = System.nanoTime();
        List<String> command = new ArrayList<>(List.of("java", "-Xms256m", "-Xmx768m", "-jar", jar));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(logs.resolve("service-" + (++starts) + ".log").toFile());
        Map<String, String> env = builder.environment();
        env.put("SERVER_PORT", String.valueOf(port));
        env.put("PAYOUTS_EMBEDDED_POSTGRES_DATA_DIR", postgresData().toString());
        env.put("PAYOUTS_OWNER_EMAIL", OWNER_EMAIL);
        env.put("PAYOUTS_OWNER_PASSWORD", OWNER_PASSWORD);
        env.put("PAYOUTS_MANAGEMENT_TOKEN", MANAGEMENT_TOKEN);
        env.put("PAYOUTS_RATE_LIMIT_CAPACITY", "1000000000");
        env.put("PAYOUTS_RATE_LIMIT_REFILL_PER_MINUTE", "1000000000");
        env.put("PAYOUTS_RAIL_STANDARD_DELAY", "1s");
        env.put("PAYOUTS_RAIL_INSTANT_DELAY", "1s");
        env.put("PAYOUTS_WEBHOOKS_ALLOW_INSECURE_TARGETS", "true");
        env.put("PAYOUTS_WEBHOOKS_RETRY_INITIAL_DELAY", "1s");
        env.put("PAYOUTS_WEBHOOKS_POLL_INTERVAL", "200ms");
        env.putAll(environment);
        process = builder.start();
        HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        while (System.nanoTime() - began < 300_000_000_000L) {
            if (!process.isAlive()) {
                throw new IllegalStateException("the service exited while starting; see " + logs);
            }
            try {
                HttpResponse<Void> health = client.send(HttpRequest.newBuilder(URI.create(base() + "/health"))
                        .timeout(Duration.ofSeconds(2)).build(), HttpResponse.BodyHandlers.discarding());
                if (health.statusCode() == 200) {
                    return (System.nanoTime() - began) / 1e9;
                }
            } catch (IOException notYet) {
                // not listening yet
            }
            Thread.sleep(250);
        }
        throw new IllegalStateException("the service did not answer /health within 300 s; see " + logs);
    }

    /** kill -9: no shutdown hook runs; its PostgreSQL is left behind for the next start to replace. */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor();
    }

    /** SIGTERM, as an operator stops it, then its PostgreSQL stops with it. */
    void stop() throws InterruptedException {
        if (process != null && process.isAlive()) {
            process.destroy();
            if (!process.waitFor(60, java.util.concurrent.TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor();
            }
        }
        Path pidFile = postgresData().resolve("postmaster.pid");
        if (Files.exists(pidFile)) {
            try {
                long pid = Long.parseLong(Files.readAllLines(pidFile).get(0).trim());
                ProcessHandle.of(pid).ifPresent(ProcessHandle::destroy);
            } catch (IOException | RuntimeException ignored) {
                // already gone
            }
        }
    }
}
