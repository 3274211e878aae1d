package io.payouts.testsupport;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.PostgreSQLContainer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The one PostgreSQL server of a test JVM: a Testcontainers container when a Docker engine answers, an embedded
 * PostgreSQL otherwise (CI here has no Docker). Each caller gets a database of its own on that server.
 */
public final class TestPostgres {

    private static final AtomicInteger DATABASES = new AtomicInteger();
    private static final Map<Class<?>, TestDatabase> OWNED = new ConcurrentHashMap<>();
    private static Server server;

    private TestPostgres() {
    }

    /** A new, empty database. */
    public static synchronized TestDatabase newDatabase() {
        if (server == null) {
            server = dockerAvailable() ? containerServer() : embeddedServer();
        }
        String name = "payouts_test_" + DATABASES.incrementAndGet();
        try (Connection connection = DriverManager.getConnection(server.url("postgres"), server.username(),
                server.password()); Statement statement = connection.createStatement()) {
            statement.execute("create database " + name);
        } catch (SQLException e) {
            throw new IllegalStateException("could not create test database " + name, e);
        }
        return new TestDatabase(server.url(name), server.username(), server.password());
    }

    /**
     * Points the application context of {@code owner} (a test class, or the base class its subclasses share) at a
     * database of its own, made when the context is first built.
     */
    public static void useOwnDatabase(Class<?> owner, DynamicPropertyRegistry registry) {
        registry.add("spring.datasource.url", () -> ownedBy(owner).url());
        registry.add("spring.datasource.username", () -> ownedBy(owner).username());
        registry.add("spring.datasource.password", () -> ownedBy(owner).password());
    }

    private static TestDatabase ownedBy(Class<?> owner) {
        return OWNED.computeIfAbsent(owner, ignored -> newDatabase());
    }

    private static boolean dockerAvailable() {
        try {
            return DockerClientFactory.instance().isDockerAvailable();
        } catch (Throwable noDocker) {
            return false;
        }
    }

    private static Server containerServer() {
        PostgreSQLContainer<?> container = new PostgreSQLContainer<>("postgres:17-alpine");
        container.start();
        String base = "jdbc:postgresql://" + container.getHost() + ":" + container.getMappedPort(5432) + "/";
        return new Server(base, container.getUsername(), container.getPassword());
    }

    private static Server embeddedServer() {
        try {
            EmbeddedPostgres postgres = EmbeddedPostgres.builder()
                    .setDataDirectory(Files.createTempDirectory("payouts-test-pg"))
                    .setCleanDataDirectory(true)
                    .start();
            return new Server("jdbc:postgresql://localhost:" + postgres.getPort() + "/", "postgres", "postgres");
        } catch (IOException e) {
            throw new UncheckedIOException("could not start embedded PostgreSQL for tests", e);
        }
    }

    private record Server(String baseUrl, String username, String password) {

        String url(String database) {
            return baseUrl + database;
        }
    }

    /** Connection details of one test database. */
    public record TestDatabase(String url, String username, String password) {

        /** Command-line arguments that point an application at this database, followed by {@code more}. */
        public String[] asArguments(String... more) {
            List<String> arguments = new ArrayList<>(List.of("--spring.datasource.url=" + url,
                    "--spring.datasource.username=" + username, "--spring.datasource.password=" + password));
            arguments.addAll(List.of(more));
            return arguments.toArray(String[]::new);
        }
    }
}
