package io.payouts.service.support;

import io.payouts.PayoutServiceApplication;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Base of the HTTP-level tests: the whole service on a random port against real PostgreSQL. Every subclass
 * shares one application context and one database, so tests use unique external ids and assert on the
 * resources they created.
 */
@SpringBootTest(classes = PayoutServiceApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
public abstract class HttpIntegrationTest {

    private static TestPostgres.TestDatabase database;

    @LocalServerPort
    private int port;

    @DynamicPropertySource
    static void database(DynamicPropertyRegistry registry) {
        registry.add("spring.datasource.url", () -> shared().url());
        registry.add("spring.datasource.username", () -> shared().username());
        registry.add("spring.datasource.password", () -> shared().password());
    }

    private static synchronized TestPostgres.TestDatabase shared() {
        if (database == null) {
            database = TestPostgres.newDatabase();
        }
        return database;
    }

    protected Api api() {
        return new Api("http://localhost:" + port);
    }
}
