package io.payouts.testsupport;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.springframework.boot.SpringApplication;
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
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The one PostgreSQL server of a test JVM: a Testcontainers container when a Docker engine answers, an embedded
 * PostgreSQL otherwise (CI here has no Docker). Each caller gets a database of its own on that server.
 */
public final class TestPostgres {

    private static final AtomicInteger DATABASES = new AtomicInteger();
    private static final Map<Class<?>, TestDatabase> OWNED = new ConcurrentHashMap<>();
    private static final AtomicBoolean STOPPED_AFTER_SPRING = new AtomicBoolean();
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

    /** The database {@link #useOwnDatabase} gives {@code owner}'s application. */
    public static String urlOwnedBy(Class<?> owner) {
        return ownedBy(owner).url();
    }

    private static TestDatabase ownedBy(Class<?> owner) {
        return OWNED.computeIfAbsent(owner, ignored -> {
            TestDatabase database = newDatabase();
            stopAfterSpringApplications();
            return database;
        });
    }

    /**
     * The test framework keeps its application contexts until the JVM exits, and Spring Boot closes them then in a
     * shutdown hook of its own. Stopped alongside them, the server leaves their stopping beans waiting 30 s for a
     * connection (and surefire kills the JVM); so once a context uses the server, it stops in Spring Boot's shutdown
     * handlers, which run after every application has closed.
     */
    private static synchronized void stopAfterSpringApplications() {
        if (server.stop() != null && STOPPED_AFTER_SPRING.compareAndSet(false, true)) {
            SpringApplication.getShutdownHandlers().add(server.stop());
        }
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
        return new Server(base, container.getUsername(), container.getPassword(), null);
    }

    private static Server embeddedServer() {
        try {
            EmbeddedPostgres postgres = EmbeddedPostgres.builder()
                    .setDataDirectory(Files.createTempDirectory("payouts-test-pg"))
                    .setCleanDataDirectory(true)
                    .setRegisterShutdownHook(false)
                    .start();
            Runnable stop = () -> {
                try {
                    postgres.close();
                } catch (IOException e) {
                    throw new UncheckedIOException("could not stop embedded PostgreSQL for tests", e);
                }
            };
            // Without a Spring application on it, the server stops as zonky's own hook would have stopped it.
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                if (!STOPPED_AFTER_SPRING.get()) {
                    stop.run();
                }
            }, "test-postgres-stop"));
            return new Server("jdbc:postgresql://localhost:" + postgres.getPort() + "/", "postgres", "postgres",
                    stop);
        } catch (IOException e) {
            throw new UncheckedIOException("could not start embedded PostgreSQL for tests", e);
        }
    }

    /** A server, and how to stop it at exit when the JVM must (null: Testcontainers stops its container). */
    private record Server(String baseUrl, String username, String password, Runnable stop) {

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
