package io.payouts.service.support;

import io.payouts.testsupport.TestPostgres;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Base of the HTTP-level tests: every subclass shares one application context and one database, so tests use unique
 * external ids and assert on the resources they created.
 */
public abstract class HttpIntegrationTest extends ServiceOverHttp {

    @DynamicPropertySource
    static void database(DynamicPropertyRegistry registry) {
        TestPostgres.useOwnDatabase(HttpIntegrationTest.class, registry);
    }
}
